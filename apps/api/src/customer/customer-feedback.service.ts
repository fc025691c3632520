import { ConflictException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CUSTOMER_MESSAGES as M, RECENT_DECISION_WINDOW_MS, type FeedbackQuestion, type Language } from '@resepti/domain';
import { t } from '@resepti/domain/locales';
import { isUniqueViolation } from '../platform/database/errors.js';
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
  constructor(@InjectRepository(CustomerFeedback) private readonly feedbacks: Repository<CustomerFeedback>) {}

  /** The latest order delivered within 24 h without feedback, or null. */
  async question(customerId: number, language: Language): Promise<FeedbackQuestion | null> {
    const [row] = (await this.feedbacks.query(
      `SELECT o.id FROM orders o
        WHERE o.customer_id = $1 AND o.delivery_status = 'delivered' AND o.delivery_time > now() - ($2::int * interval '1 millisecond')
          AND NOT EXISTS (SELECT 1 FROM customer_feedback f WHERE f.customer_id = $1 AND f.order_id = o.id)
        ORDER BY o.delivery_time DESC LIMIT 1`,
      // The window of 'Tilaus käsitelty' (libs/domain): the question is asked while the decision is recent.
      [customerId, RECENT_DECISION_WINDOW_MS],
    )) as Array<{ id: number }>;
    return row ? { orderId: row.id, question: t(M.feedbackQuestion, language) } : null;
  }

  async give(customerId: number, feedback: { orderId?: number; score: number; feedbackText: string }): Promise<void> {
    try {
      await this.feedbacks.manager.transaction(async (m) => {
        if (feedback.orderId !== undefined) {
          const own = (await m.query(`SELECT 1 FROM orders WHERE id = $1 AND customer_id = $2 AND delivery_status = 'delivered'`, [feedback.orderId, customerId])) as unknown[];
          if (own.length === 0) throw new NotFoundException(M.orderNotFound);
        } else {
          // The customer's row lock makes parallel requests count one after another, so the
          // limit holds however many arrive at once (NO KEY: inserts referencing the customer go on).
          await m.query(`SELECT 1 FROM customer WHERE id = $1 FOR NO KEY UPDATE`, [customerId]);
          const [{ n }] = (await m.query(
            `SELECT count(*)::int AS n FROM customer_feedback WHERE customer_id = $1 AND order_id IS NULL AND created_at > now() - interval '24 hours'`,
            [customerId],
          )) as Array<{ n: number }>;
          if (n >= FEEDBACK_WITHOUT_ORDER_PER_DAY) throw new HttpException(M.feedbackLimit, HttpStatus.TOO_MANY_REQUESTS);
        }
        await m.insert(CustomerFeedback, { customerId, orderId: feedback.orderId ?? null, score: feedback.score, feedbackText: feedback.feedbackText.trim() });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(M.feedbackGiven);
      throw err;
    }
  }
}
