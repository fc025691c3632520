import { ConflictException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { CUSTOMER_MESSAGES as M, RECENT_DECISION_WINDOW_MS, type FeedbackQuestion, type Language } from '@resepti/domain';
import { lockCustomerSql } from '../accounts/account-sql.js';
import { t } from '@resepti/domain/locales';
import { isUniqueViolation } from '../platform/database/errors.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { OrderReads } from '../orders/order-reads.service.js';
import { CustomerFeedback } from './customer-feedback.entity.js';

/**
 * Feedback without an order per customer per 24 hours. Feedback on an order is once per order
 * (a unique index); without one nothing else bounded it, and one session could store text
 * without end (issue 21: 30 × 2 000 characters in a row).
 */
export const FEEDBACK_WITHOUT_ORDER_PER_DAY = 3;

/** The feedback question after a handled order, and the answers. */
@Injectable()
export class CustomerFeedbackService {
  constructor(
    @InjectOwn(CustomerFeedback) private readonly feedbacks: OwnRepository<CustomerFeedback>,
    private readonly transactions: Transactions,
    private readonly orders: OrderReads,
  ) {}

  /** The latest order delivered within 24 h without feedback, or null. */
  async question(customerId: number, language: Language): Promise<FeedbackQuestion | null> {
    // The window of 'Tilaus käsitelty' (libs/domain): the question is asked while the decision is recent.
    const delivered = await this.orders.deliveredWithin({ kind: 'customer', customerId }, RECENT_DECISION_WINDOW_MS);
    if (delivered.length === 0) return null;
    const answered = new Set(
      ((await this.feedbacks.query(`SELECT order_id FROM customer_feedback WHERE customer_id = $1 AND order_id = ANY($2::int[])`, [customerId, delivered])) as Array<{ order_id: number }>).map(
        (r) => r.order_id,
      ),
    );
    const orderId = delivered.find((id) => !answered.has(id));
    return orderId !== undefined ? { orderId, question: t(M.feedbackQuestion, language) } : null;
  }

  async give(customerId: number, feedback: { orderId?: number; score: number; feedbackText: string }): Promise<void> {
    if (feedback.orderId !== undefined && !(await this.orders.isDelivered({ kind: 'customer', customerId }, feedback.orderId))) {
      throw new NotFoundException(M.orderNotFound);
    }
    try {
      await this.transactions.run(async () => {
        if (feedback.orderId === undefined) {
          // The customer's row lock makes parallel requests count one after another, so the
          // limit holds however many arrive at once (NO KEY: inserts referencing the customer go on).
          await this.feedbacks.query(lockCustomerSql('$1'), [customerId]);
          const [{ n }] = (await this.feedbacks.query(
            `SELECT count(*)::int AS n FROM customer_feedback WHERE customer_id = $1 AND order_id IS NULL AND created_at > now() - interval '24 hours'`,
            [customerId],
          )) as Array<{ n: number }>;
          if (n >= FEEDBACK_WITHOUT_ORDER_PER_DAY) throw new HttpException(M.feedbackLimit, HttpStatus.TOO_MANY_REQUESTS);
        }
        await this.feedbacks.repo.insert({ customerId, orderId: feedback.orderId ?? null, score: feedback.score, feedbackText: feedback.feedbackText.trim() });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(M.feedbackGiven);
      throw err;
    }
  }
}
