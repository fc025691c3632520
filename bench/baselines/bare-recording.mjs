// What a delivery starts, done by the bare baseline the straightforward way, after the
// delivery's commit (the doctor's answer does not wait for it): each approved prescription recorded in the Prescription Centre (built and
// validated by the app's own buildPrescription, toMedicationRequest and validateFhir, as the app's client does before
// it sends; a conditional create keyed by the item, as the app's), then marked recorded with the
// order's change audited; and the patient texted (the development SMS provider only logs).
// Resepti does this in its outbox workers; the bench counts the time either side takes to finish
// it after its slice (bench/lib/queue.mjs outboxesDrained), so both figures include the same work.
// The Centre is the stand-in the Resepti API of the same run serves (RESEPTI_CENTRE_URL): the
// Centre's side of a record costs the machine the same for both.
import { randomUUID } from 'node:crypto';
import { buildPrescription } from '../../apps/api/dist/orders/e-prescription-build.js';
import { toMedicationRequest } from '../../apps/api/dist/prescription-centre/centre-medication-request.js';
import { validateFhir } from '../../apps/api/dist/prescription-centre/fhir-validation.js';
import { ORDER_ITEM_IDENTIFIER_SYSTEM } from '../../apps/api/dist/prescription-centre/prescription-centre.port.js';

const centreUrl = process.env.RESEPTI_CENTRE_URL;
// Never claimed by Resepti's workers: the baseline sends its rows itself.
const NEVER = 'infinity';

/** In the delivery's transaction: the outbox rows Resepti's delivery writes (its prescriptions, the patient's text). */
export async function writeDeliveryOutboxes(c, orderId) {
  await c.query(
    `INSERT INTO e_prescription (order_item_id, order_id, next_attempt_at)
     SELECT i.id, i.order_id, $2 FROM order_item i JOIN orders o ON o.id = i.order_id WHERE i.order_id = $1 AND NOT o.sandbox AND i.decision = 'approved' ORDER BY i.id`,
    [orderId, NEVER],
  );
  const order = (await c.query('SELECT customer_id FROM orders WHERE id = $1', [orderId])).rows[0];
  if (order.customer_id === null) return;
  const customer = (await c.query('SELECT phone, language FROM customer WHERE id = $1', [order.customer_id])).rows[0];
  if (!customer?.phone) return;
  await c.query('INSERT INTO sms_outbox (customer_id, phone, body, order_id, idempotency_key, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    order.customer_id,
    customer.phone,
    'Reseptitilauksesi on käsitelty.',
    orderId,
    randomUUID(),
    NEVER,
  ]);
}

/** After the delivery's commit: records the order's prescriptions and sends its text. `tx` is the baselines' audited transaction. */
export async function sendDeliveryOutboxes(pool, tx, orderId) {
  const rows = (
    await pool.query(
      `SELECT e.id, e.order_item_id, e.order_id, o.doctor_id, o.patient_hetu, o.patient_first_name, o.patient_last_name, i.decision_time, o.delivery_time,
              i.dosage_instruction, i.packages, i.prior_prescription_id, i.prescribed_medication,
              d.first_name AS doctor_first_name, d.last_name AS doctor_last_name, d.register_number,
              p.id AS product_id, p.vnr, p.atc_code, p.name, p.strength, p.form, p.package_size, p.renewable
         FROM e_prescription e JOIN order_item i ON i.id = e.order_item_id JOIN orders o ON o.id = e.order_id
         LEFT JOIN doctor d ON d.id = o.doctor_id LEFT JOIN product p ON p.id = coalesce(i.prescribed_product_id, i.product_id)
        WHERE e.order_id = $1 AND e.status = 'pending'`,
      [orderId],
    )
  ).rows;
  for (const r of rows) {
    const built = buildPrescription(r);
    if ('problem' in built) throw new Error(`order ${orderId}: ${built.problem}`);
    const { prescription } = built;
    const request = validateFhir(toMedicationRequest(prescription));
    const res = await fetch(`${centreUrl}/MedicationRequest`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/fhir+json', Accept: 'application/fhir+json', 'If-None-Exist': `identifier=${ORDER_ITEM_IDENTIFIER_SYSTEM}|${r.order_item_id}` },
      body: JSON.stringify(request),
    });
    const created = await res.json();
    if (res.status >= 300 || typeof created.id !== 'string') throw new Error(`the Centre answered ${res.status}`);
    await tx(async (c) => {
      await c.query(`UPDATE e_prescription SET status = 'recorded', centre_id = $2, valid_until = $3, recorded_at = now(), attempts = attempts + 1 WHERE id = $1`, [
        r.id,
        created.id,
        prescription.validUntil,
      ]);
      await c.query('SELECT 1 FROM orders WHERE id = $1 FOR NO KEY UPDATE', [orderId]);
      await c.query(`UPDATE orders SET updated_at = now() WHERE id = $1`, [orderId]);
      c.auditRows.push({
        actorRole: 'doctor',
        actorId: r.doctor_id,
        action: 'prescription-centre.record',
        orderId,
        patientHetu: r.patient_hetu,
        subject: `e_prescription:${r.id}`,
        details: { attempt: 1, centreId: created.id, created: res.status === 201 },
        clientAddress: null,
        sessionHash: null,
      });
    });
  }
  const texts = (await pool.query(`SELECT id, phone, body FROM sms_outbox WHERE order_id = $1 AND status = 'pending'`, [orderId])).rows;
  for (const t of texts) {
    console.log(`[sms] ${t.phone}: ${t.body}`);
    await pool.query(`UPDATE sms_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1`, [t.id]);
  }
}
