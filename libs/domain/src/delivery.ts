/**
 * Pharmacy handling options, their prices and deadlines (SPEC section 9),
 * plus the customer order deadline (12 hours of working-day time).
 */
import type { DeliveryOptionId } from './api-rules.js';
import { type CalendarDate, isFinnishWorkingDay } from './holidays.js';
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

/** The calendar date `days` after (y, m, d), independent of time zones. */
function shiftDate(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * When the doctor must have handled a pharmacy order.
 *  - 'delivery-20-min': sentAt + 15 minutes.
 *  - 'delivery-12-h': 09:00 Helsinki time on the first working day after sentAt's
 *    Helsinki calendar date (Mon 08:00 → Tue 09:00, Fri/Sat/Sun → Mon 09:00, and
 *    Finnish holidays are skipped: Thu 24.12.2026 → Mon 28.12.2026 09:00).
 */
export function pharmacyDeadline(id: DeliveryOptionId, sentAt: Date): Date {
  if (id === 'delivery-20-min') {
    return new Date(sentAt.getTime() + EXPRESS_HANDLING_MINUTES * 60_000);
  }
  deliveryOption(id); // throws on unknown ids coming from untyped callers
  let next = shiftDate(helsinkiParts(sentAt), 1);
  while (!isFinnishWorkingDay(next)) next = shiftDate(next, 1);
  return fromHelsinkiLocal(next.year, next.month, next.day, NEXT_MORNING_DEADLINE_HOUR, 0, 0);
}

export const CUSTOMER_ORDER_HOURS = 12;

/**
 * Deadline of a customer order: 12 hours of working-day time after createdAt.
 * The clock runs through whole working days (00:00–24:00 Helsinki time) and stops on
 * weekends and Finnish holidays (Fri 18:00 → Mon 06:00, Sat 10:00 → Mon 12:00,
 * Wed 10:00 → Wed 22:00, Wed 23.12.2026 18:00 → Mon 28.12.2026 06:00).
 *
 * The hours counted are real elapsed hours. Helsinki's DST changes happen on
 * Sunday nights (last Sunday of March and October, 03:00/04:00 local), i.e.
 * while the clock is stopped, so every working day is 24 real hours long and the
 * result's wall-clock time is always the "naive" one (Fri 18:00 → Mon 06:00 in both
 * directions), while the real time between them is 60 h ± 1 h across those weekends.
 */
export function customerDeadline(createdAt: Date): Date {
  let remaining = CUSTOMER_ORDER_HOURS * 3_600_000;
  let t = createdAt.getTime();
  for (;;) {
    const today = helsinkiParts(t);
    const tomorrow = shiftDate(today, 1);
    const tomorrowStart = fromHelsinkiLocal(tomorrow.year, tomorrow.month, tomorrow.day, 0, 0, 0).getTime();
    if (isFinnishWorkingDay(today)) {
      const available = tomorrowStart - t;
      if (remaining <= available) return new Date(t + remaining);
      remaining -= available;
    }
    t = tomorrowStart;
  }
}
