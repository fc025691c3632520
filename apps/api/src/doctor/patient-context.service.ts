import { Injectable } from '@nestjs/common';
import { daysBetween, helsinkiIsoDate, patientFactsOf, type EarlierDecision, type PatientContext } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { OrderQueueService } from '../orders/order-queue.service.js';
import { OrderReads, type EarlierItemRow } from '../orders/order-reads.service.js';

const decisionOf = (row: EarlierItemRow): EarlierDecision => ({
  orderId: row.orderId,
  itemId: row.itemId,
  date: helsinkiIsoDate(row.decidedAt),
  displayName: row.displayName,
  decision: row.decision,
  reasonForDecision: row.reasonForDecision,
  doctor: row.doctorFirstName !== null && row.doctorLastName !== null ? { firstName: row.doctorFirstName, lastName: row.doctorLastName } : null,
});

/** The same medicine: a renewal's product, a request's topic. */
const sameMedicine = (item: { type: string; productId: number | null; medicalProblem: string | null }, row: EarlierItemRow): boolean =>
  item.type === 'renewal'
    ? item.productId !== null && row.type === 'renewal' && row.productId === item.productId
    : item.medicalProblem !== null && row.type !== 'renewal' && row.medicalProblem === item.medicalProblem;

/**
 * GET /order/patient-context: what Resepti itself knows of the patient of the doctor's held order
 * (issue 44): age and sex from the hetu, how many earlier orders, and item by item the earlier
 * decisions on the same medicine with, for a renewal, the days since the last approval. Fetched
 * once when the order view opens (never on a push); one read, audited as the order's read is
 * ('order:read', with the patient).
 */
@Injectable()
export class PatientContextReader {
  constructor(
    private readonly queue: OrderQueueService,
    private readonly reads: OrderReads,
    private readonly audit: AuditService,
  ) {}

  /** The context of the doctor's held order, or null when the doctor holds none. */
  async ofHeldOrder(actor: SessionUser): Promise<PatientContext | null> {
    const scope = { kind: 'doctor', doctorId: actor.id } as const;
    const held = await this.queue.heldOrderId(actor.id);
    const loaded = held === null ? null : await this.reads.one(scope, held);
    if (!loaded) return null;
    const { order } = loaded;
    const earlier = await this.reads.earlierItemsOfPatient(scope, order.id);
    await this.audit.record(actor, { action: 'order:read', orderId: order.id, patientHetu: order.patientHetu, details: { read: 'patient-context' } });
    const today = helsinkiIsoDate(new Date());
    const facts = patientFactsOf(order.patientHetu, today);
    const items = [...order.items]
      .sort((a, b) => a.id - b.id)
      .map((item) => {
        const same = earlier.filter((row) => sameMedicine(item, row));
        const approved = item.type === 'renewal' ? same.find((row) => row.decision === 'approved') : undefined;
        return {
          itemId: item.id,
          earlier: same.map(decisionOf),
          daysSinceLastApproval: approved ? daysBetween(helsinkiIsoDate(approved.decidedAt), today) : null,
        };
      });
    return {
      orderId: order.id,
      age: facts?.age ?? null,
      sex: facts?.sex ?? null,
      earlierOrders: new Set(earlier.map((row) => row.orderId)).size,
      items,
    };
  }
}
