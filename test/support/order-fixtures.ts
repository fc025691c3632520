/**
 * Orders for doctor-side tests, inserted straight into the app's database (no pharmacy or
 * customer flow needed): customer and pharmacy orders with items, deadlines and options.
 * Inserting through SQL pushes nothing; tests that need a push trigger it through the API.
 */
import type { TestApp } from './app';
import { DEMO } from './http';

export type FixtureStatus = 'waiting' | 'processing' | 'delivered';

export interface FixtureItem {
  type?: 'renewal' | 'prescription';
  /** The catalogue product (default none: a renewal approved then names its product as a new prescription does). */
  productId?: number | null;
  displayName?: string;
  format?: string;
  reason?: string;
  medicalProblem?: string | null;
  chat?: Array<{ text: string; type: 'question' | 'answer' }> | null;
  priceCents?: number;
  decision?: 'undecided' | 'approved' | 'rejected' | 'rejected-with-coupon';
  reasonForDecision?: string;
}

export interface FixtureOrder {
  source?: 'customer' | 'pharmacy';
  patient?: { firstName: string; lastName: string; hetu: string };
  deliveryOptionId?: 'delivery-12-h' | 'delivery-20-min';
  /** Deadline; default: now + minutesToDeadline (default 12 h). */
  deliveryBeforeTime?: Date;
  minutesToDeadline?: number;
  status?: FixtureStatus;
  /** Doctor of a processing/delivered order (default: the first demo doctor). */
  doctorId?: number;
  processingStartTime?: Date;
  deliveryTime?: Date;
  createdAt?: Date;
  items?: FixtureItem[];
}

export interface InsertedOrder {
  id: number;
  itemIds: number[];
}

export interface DemoIds {
  customerId: number;
  customerPhone: string;
  doctorId: number;
  doctor2Id: number;
  pharmacyId: number;
  officeId: number;
  pharmacyUserId: number;
}

const idsCache = new WeakMap<TestApp, DemoIds>();

/** Ids of the demo accounts of the app's database. */
export async function demoIds(app: TestApp): Promise<DemoIds> {
  const cached = idsCache.get(app);
  if (cached) return cached;
  const [customer] = await app.sql<{ id: number; phone: string }>(`SELECT id, phone FROM customer WHERE email = $1`, [DEMO.customer.email]);
  const doctors = await app.sql<{ id: number; email: string }>(`SELECT id, email FROM doctor`);
  const [user] = await app.sql<{ id: number; pharmacy_id: number }>(`SELECT id, pharmacy_id FROM pharmacy_user WHERE username = $1`, [DEMO.pharmacy.username]);
  const [office] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  const ids: DemoIds = {
    customerId: customer.id,
    customerPhone: customer.phone,
    doctorId: doctors.find((d) => d.email === DEMO.doctor.email)!.id,
    doctor2Id: doctors.find((d) => d.email === DEMO.doctor2.email)!.id,
    pharmacyId: user.pharmacy_id,
    officeId: office.id,
    pharmacyUserId: user.id,
  };
  idsCache.set(app, ids);
  return ids;
}

const HETU_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/** A valid hetu for a 1900s birth date and an individual number 2–899. */
export function makeHetu(day: number, month: number, year: number, individual: number): string {
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  const yy = String(year % 100).padStart(2, '0');
  const nnn = String(individual).padStart(3, '0');
  return `${dd}${mm}${yy}-${nnn}${HETU_CHECK[Number(`${dd}${mm}${yy}${nnn}`) % 31]}`;
}

export const DEFAULT_ITEMS: FixtureItem[] = [
  { type: 'renewal', displayName: 'Burana 400 mg', format: 'tabletti', reason: 'Päänsärkyyn', priceCents: 990 },
  {
    type: 'prescription',
    displayName: 'Allergia',
    medicalProblem: 'allergy',
    reason: '',
    chat: [
      { text: 'Onko oireita nenässä, silmissä vai molemmissa?', type: 'question' },
      { text: 'Molemmissa', type: 'answer' },
    ],
    priceCents: 1990,
  },
];

/** Inserts one order with its items; returns the order and item ids. */
export async function insertOrder(app: TestApp, o: FixtureOrder = {}): Promise<InsertedOrder> {
  const ids = await demoIds(app);
  const source = o.source ?? 'customer';
  const status = o.status ?? 'waiting';
  const now = Date.now();
  const patient = o.patient ?? { firstName: 'Aino', lastName: 'Asiakas', hetu: DEMO.customer.hetu };
  const deadline = o.deliveryBeforeTime ?? new Date(now + (o.minutesToDeadline ?? 12 * 60) * 60_000);
  const doctorId = status === 'waiting' ? null : (o.doctorId ?? ids.doctorId);
  const processingStart = status === 'waiting' ? null : (o.processingStartTime ?? new Date(now - 5 * 60_000));
  const deliveryTime = status === 'delivered' ? (o.deliveryTime ?? new Date(now - 60_000)) : null;
  const pharmacy = source === 'pharmacy';
  const items = o.items ?? DEFAULT_ITEMS;
  const [row] = await app.sql<{ id: number }>(
    `INSERT INTO orders (source, customer_id, pharmacy_id, office_id, pharmacy_user_id, pharmacy_data,
       patient_first_name, patient_last_name, patient_hetu, delivery_option_id, delivery_before_time,
       delivery_status, processing_start_time, doctor_id, delivery_time, price_cents, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    [
      source,
      pharmacy ? null : ids.customerId,
      pharmacy ? ids.pharmacyId : null,
      pharmacy ? ids.officeId : null,
      pharmacy ? ids.pharmacyUserId : null,
      pharmacy ? JSON.stringify({ pharmacy: 'Keskusapteekki', pharmacyPhone: '+358 9 123 4567', pharmacist: 'Pekka Farmaseutti' }) : null,
      patient.firstName,
      patient.lastName,
      patient.hetu,
      o.deliveryOptionId ?? (pharmacy ? 'delivery-20-min' : 'delivery-12-h'),
      deadline,
      status,
      processingStart,
      doctorId,
      deliveryTime,
      items.reduce((sum, i) => sum + (i.priceCents ?? 990), 0),
      o.createdAt ?? new Date(now - 10 * 60_000),
    ],
  );
  const itemIds: number[] = [];
  for (const item of items) {
    const [inserted] = await app.sql<{ id: number }>(
      `INSERT INTO order_item (order_id, type, product_id, display_name, format, reason, medical_problem, chat, decision, reason_for_decision, price_cents)
       VALUES ($1, $2, $11, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        row.id,
        item.type ?? 'renewal',
        item.displayName ?? 'Burana 400 mg',
        item.format ?? 'tabletti',
        item.reason ?? '',
        item.medicalProblem ?? null,
        item.chat ? JSON.stringify(item.chat) : null,
        item.decision ?? (status === 'delivered' ? 'approved' : 'undecided'),
        item.reasonForDecision ?? '',
        item.priceCents ?? 990,
        item.productId ?? null,
      ],
    );
    itemIds.push(inserted.id);
  }
  return { id: row.id, itemIds };
}

/** Inserts `count` waiting orders; deadlines one minute apart starting `firstDeadlineMinutes` from now. */
export async function insertWaitingOrders(app: TestApp, count: number, base: FixtureOrder = {}, firstDeadlineMinutes = 60): Promise<InsertedOrder[]> {
  const out: InsertedOrder[] = [];
  for (let i = 0; i < count; i++) {
    out.push(await insertOrder(app, { ...base, status: 'waiting', minutesToDeadline: firstDeadlineMinutes + i }));
  }
  return out;
}

/** Removes every order (and its items, coupons, outbox rows, e-prescriptions) so a test starts with an empty queue. */
export async function clearOrders(app: TestApp): Promise<void> {
  // The API's outbox workers may be recording results meanwhile, several rows in one transaction:
  // a bulk delete can deadlock with them, PostgreSQL cancels one of the two, and this goes again.
  for (let attempt = 1; ; attempt++) {
    try {
      await app.sql(`DELETE FROM coupon WHERE order_item_id IS NOT NULL`);
      await app.sql(`DELETE FROM sms_outbox`);
      await app.sql(`DELETE FROM e_prescription`);
      await app.sql(`DELETE FROM order_item`);
      await app.sql(`DELETE FROM orders`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt === 5) throw err;
    }
  }
}
