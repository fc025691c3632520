import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DOCTOR_MESSAGES } from '@resepti/domain';
import { AuditService, type AuditActor } from '../platform/audit/audit.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { EPrescriptionRecord } from './e-prescription.entity.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';

/** A prescription the Prescription Centre refused, as the doctors' list shows it. */
export interface FailedEPrescription {
  itemId: number;
  orderId: number;
  patient: { firstName: string; lastName: string; hetu: string };
  displayName: string;
  format: string;
  /** The Centre's reason (its status and text), or what the approval lacked. */
  reason: string;
  /** When the order was delivered (the approval became final). */
  approvedAt: string;
  attempts: number;
}

/**
 * The doctors' side of the e-prescriptions (issue 41): the prescriptions the Prescription Centre
 * refused ('Reseptin tallennus Kanta-palveluun epäonnistui', with the Centre's reason) and a
 * doctor's retry, which makes one pending again for the outbox (an order change, audited). The
 * recording itself is EPrescriptionSender's.
 */
@Injectable()
export class EPrescriptionsService {
  constructor(
    @InjectOwn(EPrescriptionRecord) private readonly records: OwnRepository<EPrescriptionRecord>,
    private readonly transactions: Transactions,
    private readonly lifecycle: OrderLifecycleService,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  /** Every refused prescription, the oldest first (any doctor may send one again); one audit row lists their patients. */
  async failed(actor: AuditActor): Promise<FailedEPrescription[]> {
    const rows = await this.records.query<FailedEPrescription>(
      `SELECT e.order_item_id AS "itemId", e.order_id AS "orderId",
              json_build_object('firstName', o.patient_first_name, 'lastName', o.patient_last_name, 'hetu', o.patient_hetu) AS patient,
              i.display_name AS "displayName", i.format, coalesce(e.last_error, '') AS reason, e.created_at AS "approvedAt", e.attempts
         FROM e_prescription e JOIN order_item i ON i.id = e.order_item_id JOIN orders o ON o.id = e.order_id
        WHERE e.status = 'failed'
        ORDER BY e.id LIMIT 200`,
    );
    const list = rows.map((r) => ({ ...r, approvedAt: new Date(r.approvedAt).toISOString() }));
    if (list.length > 0) {
      await this.audit.record(actor, { action: 'e-prescription.failed-list', listed: list.map((r) => ({ orderId: r.orderId, patientHetu: r.patient.hetu })) });
    }
    return list;
  }

  /**
   * Sends a refused prescription again (the doctor corrected what the Centre objected to, or the
   * Centre's fault is gone): pending, its tries counted from 0, woken at once. 404 for an item with
   * no prescription to record, 409 when it is not refused (pending or recorded already).
   */
  async retry(actor: AuditActor, itemId: number): Promise<void> {
    await this.transactions.run(async () => {
      const [row] = await this.records.query<{ orderId: number; status: string; previous: string | null }>(
        `SELECT order_id AS "orderId", status, last_error AS previous FROM e_prescription WHERE order_item_id = $1 FOR UPDATE`,
        [itemId],
      );
      if (!row) throw new NotFoundException(DOCTOR_MESSAGES.ePrescriptionNotFound);
      if (row.status !== 'failed') throw new ConflictException(DOCTOR_MESSAGES.ePrescriptionNotFailed);
      await this.records.query(
        `UPDATE e_prescription SET status = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL, claimed_by = NULL, lease_until = NULL WHERE order_item_id = $1`,
        [itemId],
      );
      await this.lifecycle.ePrescriptionChanged(actor, row.orderId, itemId, { action: 'e-prescription.retry', subject: `order_item:${itemId}`, details: { previousError: row.previous } });
      await this.bus.tell('outbox.written', { channel: 'e-prescription' });
    });
  }

  /**
   * How many prescriptions the Centre refused and no doctor has sent again (shared state, the
   * metrics; idx_e_prescription_due). The pending ones are the outbox's (resepti_outbox_pending).
   */
  async failedCount(): Promise<number> {
    const [row] = await this.records.queryOnItsOwn<{ failed: number }>(`SELECT count(*)::int AS failed FROM e_prescription WHERE status = 'failed'`);
    return row.failed;
  }
}
