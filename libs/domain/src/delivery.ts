/**
 * Pharmacy handling options, their prices and deadlines (SPEC section 9),
 * plus the customer order deadline (12 hours of weekday time).
 */
import type { DeliveryOptionId } from './api-types.js';
import { fromHelsinkiLocal, helsinkiParts } from './time.js';

export interface DeliveryOption {
  id: DeliveryOptionId;
  label: string;
  description: string;
  firstItemCents: number;
  nextItemCents: number;
}

export const DELIVERY_OPTIONS: readonly DeliveryOption[] = [
  {
    id: 'delivery-12-h',
    label: 'Seuraavana arkiaamuna',
    description: 'Käsitellään seuraavana arkipäivänä klo 9 mennessä',
    firstItemCents: 200,
    nextItemCents: 200,
  },
  {
    id: 'delivery-20-min',
    label: 'Pikakäsittely 15 min',
    description: 'Lääkäri käsittelee tilauksen 15 minuutin kuluessa',
    firstItemCents: 1490,
    nextItemCents: 490,
  },
];

export const DELIVERY_OPTION_IDS: readonly DeliveryOptionId[] = DELIVERY_OPTIONS.map((o) => o.id);

/** Minutes the doctor has for an express ('delivery-20-min') order. */
export const EXPRESS_HANDLING_MINUTES = 15;
/** Helsinki hour of the next-weekday-morning deadline. */
export const NEXT_MORNING_DEADLINE_HOUR = 9;

export function isDeliveryOptionId(v: unknown): v is DeliveryOptionId {
  return typeof v === 'string' && DELIVERY_OPTIONS.some((o) => o.id === v);
}

export function deliveryOption(id: DeliveryOptionId): DeliveryOption {
  const option = DELIVERY_OPTIONS.find((o) => o.id === id);
  if (!option) throw new RangeError(`Unknown delivery option: ${String(id)}`);
  return option;
}

/** Handling fee: first item at firstItemCents, each further one at nextItemCents. */
export function handlingPriceCents(id: DeliveryOptionId, itemCount: number): number {
  const n = Math.max(0, Math.floor(itemCount));
  if (n === 0) return 0;
  const o = deliveryOption(id);
  return o.firstItemCents + (n - 1) * o.nextItemCents;
}

function isWeekday(isoWeekday: number): boolean {
  return isoWeekday >= 1 && isoWeekday <= 5;
}

/** Calendar date (y, m, d) shifted by `days`, independent of time zones. */
function shiftDate(year: number, month: number, day: number, days: number) {
  const d = new Date(Date.UTC(year, month - 1, day + days));
  const weekday = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday };
}

/**
 * When the doctor must have handled a pharmacy order.
 *  - 'delivery-20-min': sentAt + 15 minutes.
 *  - 'delivery-12-h': 09:00 Helsinki time on the first weekday (Mon–Fri) after
 *    sentAt's Helsinki calendar date (so Mon 08:00 → Tue 09:00, Fri/Sat/Sun → Mon 09:00).
 *    Public holidays are not taken into account.
 */
export function pharmacyDeadline(id: DeliveryOptionId, sentAt: Date): Date {
  if (id === 'delivery-20-min') {
    return new Date(sentAt.getTime() + EXPRESS_HANDLING_MINUTES * 60_000);
  }
  deliveryOption(id); // throws on unknown ids coming from untyped callers
  const p = helsinkiParts(sentAt);
  let next = shiftDate(p.year, p.month, p.day, 1);
  while (!isWeekday(next.weekday)) next = shiftDate(next.year, next.month, next.day, 1);
  return fromHelsinkiLocal(next.year, next.month, next.day, NEXT_MORNING_DEADLINE_HOUR, 0, 0);
}

export const CUSTOMER_ORDER_HOURS = 12;

/**
 * Deadline of a customer order: 12 hours of weekday time after createdAt.
 * The clock runs from Monday 00:00 to Friday 24:00 Helsinki time and stops for
 * the weekend (Fri 18:00 → Mon 06:00, Sat 10:00 → Mon 12:00, Wed 10:00 → Wed 22:00).
 *
 * The hours counted are real elapsed hours. Helsinki's DST changes happen on
 * Sunday nights (last Sunday of March and October, 03:00/04:00 local), i.e.
 * while the clock is stopped, so the result's wall-clock time is always the
 * "naive" one (Fri 18:00 → Mon 06:00 in both directions), while the real time
 * between createdAt and the deadline is 60 h ± 1 h across those weekends.
 * Public holidays are not taken into account.
 */
export function customerDeadline(createdAt: Date): Date {
  let remaining = CUSTOMER_ORDER_HOURS * 3_600_000;
  let t = createdAt.getTime();
  for (;;) {
    const p = helsinkiParts(t);
    // Start of the Saturday of this ISO week (window end) and of next Monday.
    const saturday = shiftDate(p.year, p.month, p.day, 6 - p.weekday);
    const monday = shiftDate(p.year, p.month, p.day, 8 - p.weekday);
    const nextMondayStart = fromHelsinkiLocal(monday.year, monday.month, monday.day, 0, 0, 0).getTime();
    if (!isWeekday(p.weekday)) {
      t = nextMondayStart;
      continue;
    }
    const windowEnd = fromHelsinkiLocal(saturday.year, saturday.month, saturday.day, 0, 0, 0).getTime();
    const available = windowEnd - t;
    if (remaining <= available) return new Date(t + remaining);
    remaining -= available;
    t = nextMondayStart;
  }
}
