import { Inject, Injectable } from '@nestjs/common';
import { joinDoctor } from '../accounts/account-sql.js';
import { joinProduct } from '../catalogue/product-sql.js';
import type { AuditActor } from '../platform/audit/audit.service.js';
import { AuditService } from '../platform/audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { ePrescriptionSendSeconds } from '../platform/metrics/metrics.js';
import { OutboxWorker, type OutboxRow, type SendOutcome } from '../platform/outbox/outbox-worker.js';
import { retryDelayMs, withJitter } from '../platform/outbox/retry-delay.js';
import { toMedicationRequest } from '../prescription-centre/centre-medication-request.js';
import { CentreRejected, ORDER_ITEM_IDENTIFIER_SYSTEM, PRESCRIPTION_CENTRE, type PrescriptionCentre, type PrescriptionToRecord } from '../prescription-centre/prescription-centre.port.js';
import { buildPrescription, type LoadedRow } from './e-prescription-build.js';
import { EPrescriptionRecord } from './e-prescription.entity.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';

/** The longest wait between two tries while the Centre is unavailable: a prescription is never given up, the alert tells after 15 minutes. */
const MAX_RETRY_DELAY_MS = 10 * 60 * 1000;

/** What a claimed row's send needs (load): the prescription to record, or why none can be built. */
interface EPrescriptionRow extends OutboxRow {
  order_item_id: number;
  order_id: number;
  /** The approving doctor: the prescriber, in whose name the Centre is written to (audit). */
  doctor_id: number | null;
  patient_hetu: string;
  built: { prescription: PrescriptionToRecord } | { problem: string };
}

interface RecordOutcome extends SendOutcome {
  /** The Centre refused the prescription (or it could not be built): stop, the doctor sees the reason. */
  refused: boolean;
  centreId: string | null;
  /** false: the Centre already held it (a repeat of a try whose answer was lost). */
  created: boolean;
}


/**
 * The e-prescription channel of the outbox: each approved item of a delivered real order is
 * recorded once in Kanta's Prescription Centre (issue 41). A try is a FHIR conditional create
 * keyed by the item's id (`If-None-Exist: identifier=<ORDER_ITEM_IDENTIFIER_SYSTEM>|<item id>`,
 * the same on every try, from every process): a try whose answer was lost (a crash, a kill -9
 * between the send and its record, a lease that ran out) is repeated and finds the first
 * prescription, so the Centre holds one per item. The Centre unavailable (5xx, timeout, no
 * connection): tried again with a doubling wait from PRESCRIPTION_CENTRE_RETRY_SECONDS (half of it
 * random), at most 10 minutes, never given up (the alert tells after 15 minutes). The Centre
 * refusing it (4xx): 'failed' with the Centre's reason, until a doctor sends it again. The outcome
 * is an order change (OrderLifecycleService.ePrescriptionChanged: audited, published live); each
 * try that failed and will be repeated is audited on its own.
 */
@Injectable()
export class EPrescriptionSender extends OutboxWorker<EPrescriptionRow, RecordOutcome> {
  constructor(
    @InjectOwn(EPrescriptionRecord) records: OwnRepository<EPrescriptionRecord>,
    transactions: Transactions,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PRESCRIPTION_CENTRE) centre: PrescriptionCentre,
    lifecycle: OrderLifecycleService,
    audit: AuditService,
    bus: EventBus,
  ) {
    super(
      records,
      transactions,
      {
        name: 'e-prescription',
        table: 'e_prescription',
        done: { status: 'recorded', timeColumn: 'recorded_at' },
        // 16 at a time: at 4, the prescriptions of 16 doctors' deliveries fell seconds behind (bench cycle).
        concurrency: 16,
        // Each process looks for due rows this often (a row written here wakes it at once).
        intervalMs: Math.min(1000, Math.max(100, config.prescriptionCentre.retrySeconds * 1000)),
        load: async (claimed) => {
          const rows = await records.queryOnItsOwn<LoadedRow>(
            `SELECT e.id, e.order_item_id, e.order_id, o.doctor_id, o.patient_hetu, o.patient_first_name, o.patient_last_name,
                    i.decision_time, o.delivery_time, i.dosage_instruction, i.packages, i.prior_prescription_id, i.prescribed_medication,
                    d.first_name AS doctor_first_name, d.last_name AS doctor_last_name, d.register_number,
                    p.id AS product_id, p.vnr, p.atc_code, p.name, p.strength, p.form, p.package_size, p.renewable
               FROM e_prescription e JOIN order_item i ON i.id = e.order_item_id JOIN orders o ON o.id = e.order_id
               ${joinDoctor('d', 'o.doctor_id')}
               ${joinProduct('p', 'coalesce(i.prescribed_product_id, i.product_id)')}
              WHERE e.id = ANY($1)`,
            [claimed.map((r) => r.id)],
          );
          const byId = new Map(rows.map((r) => [r.id, r]));
          return claimed.flatMap((c) => {
            const r = byId.get(c.id);
            return r ? [{ ...c, order_item_id: r.order_item_id, order_id: r.order_id, doctor_id: r.doctor_id, patient_hetu: r.patient_hetu, built: buildPrescription(r) }] : [];
          });
        },
        send: async (row, signal) => {
          if ('problem' in row.built) return { error: row.built.problem, refused: true, centreId: null, created: false };
          const { prescription } = row.built;
          try {
            const answer = await centre.record(toMedicationRequest(prescription), { system: ORDER_ITEM_IDENTIFIER_SYSTEM, value: String(row.order_item_id) }, signal);
            return { error: null, refused: false, centreId: answer.id, created: answer.created, recordedColumns: { centre_id: answer.id, valid_until: prescription.validUntil } };
          } catch (err) {
            const refused = err instanceof CentreRejected;
            const error = refused ? `${err.status}: ${err.reason}` : err instanceof Error ? err.message : String(err);
            return { error: error.slice(0, 500), refused, centreId: null, created: false };
          }
        },
        retry: (row, outcome) => ({ giveUp: outcome.refused, delayMs: Math.min(MAX_RETRY_DELAY_MS, withJitter(retryDelayMs(row.attempts, config.prescriptionCentre.retrySeconds))) }),
        committed: (row, outcome, kept) => {
          if (kept && outcome.error === null) ePrescriptionSendSeconds.observe((Date.now() - new Date(row.created_at).getTime()) / 1000);
        },
        recorded: async (row, outcome, kept) => {
          const actor: AuditActor = { role: 'doctor', id: row.doctor_id };
          const subject = `e_prescription:${row.id}`;
          const attempt = row.attempts;
          if (!kept || (outcome.error !== null && !outcome.refused)) {
            // A try that will be repeated (or whose result another worker records): audited on its own.
            await audit.record(actor, { action: 'prescription-centre.unavailable', orderId: row.order_id, patientHetu: row.patient_hetu, subject, details: { attempt, error: outcome.error, centreId: outcome.centreId } });
            return;
          }
          if (outcome.error === null) {
            await lifecycle.ePrescriptionChanged(actor, row.order_id, row.order_item_id, {
              action: 'prescription-centre.record',
              subject,
              details: { attempt, centreId: outcome.centreId, created: outcome.created },
            });
          } else {
            await lifecycle.ePrescriptionChanged(actor, row.order_id, row.order_item_id, { action: 'prescription-centre.refused', subject, details: { attempt, reason: outcome.error } });
          }
        },
      },
      config.outbox,
    );
    bus.afterCommit('outbox.written', ({ channel }) => void (channel === 'e-prescription' && this.wake()));
  }
}
