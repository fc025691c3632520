// Baseline for the pick cycle: a bare Express 5 + pg server doing the same work as Resepti's
// pick-first, process-item and mark-delivered (the same rows changed, the same checks, the same
// audit rows), written the straightforward way: a statement for each read and write, four reads
// for an order's view, each step its own transaction (mark-delivered: two). Resepti does the same
// work in fewer statements (orders/lifecycle-statements.ts: ~29 an order against these ~40, see
// docs/performance.md "The pick cycle"), so part of the ratio is Resepti's SQL, not only its
// framework's weight. Without sessions, validation, ORM or pushes; the doctor is named by the
// x-doctor header. Its audit rows are chained exactly as the app chains them: collected in the
// transaction and appended just before COMMIT by the app's own appendToChain (the head locked
// through audit_chain_lock(), HMAC with the same AUDIT_CHAIN_KEY, prepared statements, the
// chain's end guessed per database), so that part is like for like.
// An approval names what it prescribes (the product as approved, the dosage, the packages) and
// needs the doctor's register number, as Resepti's; a delivery writes the e-prescriptions and the
// patient's text message and sends them (bare-recording.mjs), as Resepti's workers do.
// Deliberately left out: the queue-count query Resepti runs for its queue:status push after
// each change (the push is what issue 8 asks to make cheap).
import express from 'express';
import pg from 'pg';
import { auditedTransaction } from './audited-transaction.mjs';
import { sendDeliveryOutboxes, writeDeliveryOutboxes } from './bare-recording.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const app = express();
app.use(express.json());

const tx = (fn) => auditedTransaction(pool, fn);

/** An audit row of the transaction, appended to the chain at its commit (as AuditService.record). */
const audit = async (c, doctorId, action, orderId, hetu) => {
  c.auditRows.push({ actorRole: 'doctor', actorId: doctorId, action, orderId, patientHetu: hetu, subject: null, details: null, clientAddress: '127.0.0.1', sessionHash: null });
};

const heldOrderId = async (c, doctorId, lock) =>
  (
    await c.query(
      `SELECT id FROM orders WHERE delivery_status = 'processing' AND doctor_id = $1 ORDER BY processing_start_time, id LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
      [doctorId],
    )
  ).rows[0]?.id ?? null;

/** The order with its items, its doctor and coupons: the four reads of loadDoctorOrder. */
async function loadOrder(c, id) {
  const order = (await c.query('SELECT * FROM orders WHERE id = ANY($1)', [[id]])).rows[0];
  const items = (await c.query('SELECT * FROM order_item WHERE order_id = ANY($1) ORDER BY id', [[id]])).rows;
  if (order.doctor_id) await c.query('SELECT * FROM doctor WHERE id = ANY($1)', [[order.doctor_id]]);
  await c.query('SELECT * FROM coupon WHERE order_item_id = ANY($1)', [items.map((i) => i.id)]);
  return { id: order.id, patientHetu: order.patient_hetu, prescriptions: items.map((i) => ({ id: i.id, decision: i.decision })) };
}

async function pickFirst(doctorId) {
  return tx(async (c) => {
    await c.query('SELECT id FROM doctor WHERE id = $1 FOR UPDATE', [doctorId]);
    const held = await heldOrderId(c, doctorId, false);
    if (held !== null) {
      const order = await loadOrder(c, held);
      await audit(c, doctorId, 'order:read', held, order.patientHetu);
      return order;
    }
    const next = await c.query(`SELECT id FROM orders WHERE delivery_status = 'waiting' ORDER BY delivery_before_time, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
    if (next.rows.length === 0) return null;
    const id = next.rows[0].id;
    await c.query(`UPDATE orders SET delivery_status = 'processing', doctor_id = $2, processing_start_time = now() WHERE id = $1`, [id, doctorId]);
    const order = await loadOrder(c, id);
    await c.query('SELECT * FROM orders WHERE id = $1', [id]);
    await audit(c, doctorId, 'order:pick', id, order.patientHetu);
    return order;
  });
}

const doctorOf = (req) => Number(req.get('x-doctor'));
const send = (res, order) => (order ? res.json(order) : res.status(204).end());

app.post('/order/pick-first', async (req, res, next) => {
  try {
    send(res, await pickFirst(doctorOf(req)));
  } catch (err) {
    next(err);
  }
});

// As Resepti's release (OrderLifecycleService.backToQueue): back to waiting, the order loaded, audited.
app.post('/order/release', async (req, res, next) => {
  try {
    const doctorId = doctorOf(req);
    const released = await tx(async (c) => {
      const held = await heldOrderId(c, doctorId, true);
      if (held === null) return false;
      await c.query(`UPDATE orders SET delivery_status = 'waiting', doctor_id = NULL, processing_start_time = NULL WHERE id = $1`, [held]);
      const order = await loadOrder(c, held);
      await audit(c, doctorId, 'order:release', held, order.patientHetu);
      return true;
    });
    res.status(released ? 204 : 409).end();
  } catch (err) {
    next(err);
  }
});

app.post('/order/process-item/:id', async (req, res, next) => {
  try {
    const doctorId = doctorOf(req);
    const itemId = Number(req.params.id);
    const { decision, productId, dosageInstruction, packages } = req.body;
    const item = await tx(async (c) => {
      const item = (await c.query('SELECT * FROM order_item WHERE id = $1', [itemId])).rows[0];
      const order = (await c.query('SELECT * FROM orders WHERE id = $1 FOR UPDATE', [item.order_id])).rows[0];
      if (order.delivery_status !== 'processing' || order.doctor_id !== doctorId) return null;
      let prescribed = { productId: null, medication: null, dosageInstruction: null, packages: null };
      if (decision === 'approved') {
        const { register_number } = (await c.query('SELECT register_number FROM doctor WHERE id = $1', [doctorId])).rows[0];
        const product = (await c.query('SELECT * FROM product WHERE id = $1 AND available', [productId])).rows[0];
        if (!register_number || !product?.renewable || !dosageInstruction?.trim() || !packages) return null;
        const medication = { name: product.name, strength: product.strength, form: product.form, packageSize: product.package_size, vnr: product.vnr, atcCode: product.atc_code };
        prescribed = { productId: product.id, medication: JSON.stringify(medication), dosageInstruction: dosageInstruction.trim(), packages };
      }
      await c.query(
        `UPDATE order_item SET decision = $2, reason_for_decision = $3, decision_time = now(), prescribed_product_id = $4, prescribed_medication = $5::jsonb,
                dosage_instruction = $6, packages = $7, prior_prescription_id = NULL WHERE id = $1`,
        [itemId, decision, '', prescribed.productId, prescribed.medication, prescribed.dosageInstruction, prescribed.packages],
      );
      await c.query('DELETE FROM coupon WHERE order_item_id = $1 AND used_at IS NULL', [itemId]);
      await audit(c, doctorId, `order-item:${decision}`, order.id, order.patient_hetu);
      return (await c.query('SELECT * FROM order_item WHERE id = $1', [itemId])).rows[0];
    });
    if (!item) return res.status(403).end();
    res.json({ id: item.id, decision: item.decision });
  } catch (err) {
    next(err);
  }
});

app.post('/order/mark-delivered', async (req, res, next) => {
  try {
    const doctorId = doctorOf(req);
    const ok = await tx(async (c) => {
      const held = await heldOrderId(c, doctorId, true);
      if (held === null) return null;
      const order = (await c.query('SELECT * FROM orders WHERE id = $1', [held])).rows[0];
      const { undecided } = (
        await c.query(`SELECT count(*)::int AS undecided FROM order_item WHERE order_id = $1 AND decision NOT IN ('approved', 'rejected', 'rejected-with-coupon')`, [held])
      ).rows[0];
      if (undecided > 0) return null;
      await c.query(`UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE id = $1`, [held]);
      await c.query(`UPDATE order_item SET renewable_till = (now() + interval '2 years')::date WHERE order_id = $1 AND decision = 'approved' AND type = 'renewal'`, [held]);
      await writeDeliveryOutboxes(c, held);
      await audit(c, doctorId, 'order:deliver', held, order.patient_hetu);
      await loadOrder(c, held);
      return held;
    });
    if (!ok) return res.status(409).end();
    // Sent after the answer, as Resepti's workers send them; a failure leaves its rows pending,
    // which the bench's wait for drained outboxes reports.
    void sendDeliveryOutboxes(pool, tx, ok).catch((err) => console.error(`recording order ${ok} failed: ${err.message}`));
    send(res, await pickFirst(doctorId));
  } catch (err) {
    next(err);
  }
});

app.get('/health', (_req, res) => res.json({ status: 'ok' }));

const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
