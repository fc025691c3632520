import {
  CUSTOMER_ORDER_HOURS,
  DELIVERY_OPTIONS,
  customerDeadline,
  deliveryOption,
  handlingPriceCents,
  isDeliveryOptionId,
  pharmacyDeadline,
} from './delivery.js';
import type { DeliveryOptionId } from './api-rules.js';
import { isFinnishWorkingDay } from './holidays.js';
import { fromHelsinkiLocal as L, helsinkiParts } from './time.js';

const H = 3_600_000;
const WEEKDAYS = ['', 'ma', 'ti', 'ke', 'to', 'pe', 'la', 'su'];

/** Helsinki wall-clock text such as 'ma 2026-11-16 09:00'. */
function wall(d: Date): string {
  const p = helsinkiParts(d);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${WEEKDAYS[p.weekday]} ${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

// Week of Monday 16.11.2026 (no DST change nearby).
const MON = 16;
const TUE = 17;
const WED = 18;
const THU = 19;
const FRI = 20;
const SAT = 21;
const SUN = 22;

describe('DELIVERY_OPTIONS', () => {
  it('has the two pharmacy handling options', () => {
    expect(DELIVERY_OPTIONS).toEqual([
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
    ]);
  });

  it('isDeliveryOptionId', () => {
    expect(isDeliveryOptionId('delivery-12-h')).toBe(true);
    expect(isDeliveryOptionId('delivery-20-min')).toBe(true);
    expect(isDeliveryOptionId('delivery-2-h')).toBe(false);
    expect(isDeliveryOptionId('12H')).toBe(false);
    expect(isDeliveryOptionId('')).toBe(false);
    expect(isDeliveryOptionId(undefined)).toBe(false);
    expect(isDeliveryOptionId(12)).toBe(false);
    expect(isDeliveryOptionId({ id: 'delivery-12-h' })).toBe(false);
  });

  it('deliveryOption finds by id and throws on unknown ids', () => {
    expect(deliveryOption('delivery-20-min').label).toBe('Pikakäsittely 15 min');
    expect(() => deliveryOption('delivery-2-h' as DeliveryOptionId)).toThrow();
  });
});

describe('handlingPriceCents', () => {
  it.each([
    ['delivery-12-h', 0, 0],
    ['delivery-12-h', 1, 200],
    ['delivery-12-h', 2, 400],
    ['delivery-12-h', 5, 1000],
    ['delivery-20-min', 0, 0],
    ['delivery-20-min', 1, 1490],
    ['delivery-20-min', 2, 1980],
    ['delivery-20-min', 3, 2470],
  ] as const)('%s with %d items → %d cents', (id, n, cents) => {
    expect(handlingPriceCents(id, n)).toBe(cents);
  });

  it('negative counts cost nothing', () => {
    expect(handlingPriceCents('delivery-20-min', -1)).toBe(0);
  });
});

describe('pharmacyDeadline', () => {
  it('express: 15 minutes after sending', () => {
    const sent = L(2026, 11, WED, 14, 50);
    expect(pharmacyDeadline('delivery-20-min', sent).getTime() - sent.getTime()).toBe(15 * 60_000);
    expect(wall(pharmacyDeadline('delivery-20-min', sent))).toBe('ke 2026-11-18 15:05');
  });

  it('express ignores weekends and nights', () => {
    expect(wall(pharmacyDeadline('delivery-20-min', L(2026, 11, SAT, 23, 50)))).toBe('su 2026-11-22 00:05');
  });

  it.each([
    [MON, 8, 0, 'ti 2026-11-17 09:00'],
    [MON, 0, 0, 'ti 2026-11-17 09:00'],
    [TUE, 23, 59, 'ke 2026-11-18 09:00'],
    [WED, 10, 0, 'to 2026-11-19 09:00'],
    [THU, 16, 0, 'pe 2026-11-20 09:00'],
    [FRI, 8, 0, 'ma 2026-11-23 09:00'],
    [FRI, 18, 0, 'ma 2026-11-23 09:00'],
    [SAT, 10, 0, 'ma 2026-11-23 09:00'],
    [SUN, 23, 59, 'ma 2026-11-23 09:00'],
  ])('next weekday morning: 11/%d %d:%d → %s', (day, h, m, expected) => {
    expect(wall(pharmacyDeadline('delivery-12-h', L(2026, 11, day, h, m)))).toBe(expected);
  });

  it('uses the Helsinki date, not the UTC date', () => {
    // Thu 23:30 Helsinki is still Thursday 21:30 UTC; Fri 00:30 Helsinki is Thursday 22:30 UTC.
    expect(wall(pharmacyDeadline('delivery-12-h', new Date('2026-11-19T21:30:00Z')))).toBe('pe 2026-11-20 09:00');
    expect(wall(pharmacyDeadline('delivery-12-h', new Date('2026-11-19T22:30:00Z')))).toBe('ma 2026-11-23 09:00');
  });

  it('crosses month and year ends', () => {
    expect(wall(pharmacyDeadline('delivery-12-h', L(2026, 11, 30, 12, 0)))).toBe('ti 2026-12-01 09:00');
    expect(wall(pharmacyDeadline('delivery-12-h', L(2027, 12, 30, 12, 0)))).toBe('pe 2027-12-31 09:00');
    expect(wall(pharmacyDeadline('delivery-12-h', L(2026, 10, 30, 12, 0)))).toBe('ma 2026-11-02 09:00');
  });

  it.each([
    // Christmas: Thu 24.12., Fri 25.12. and the weekend are off; New Year's Day is a Friday.
    ['2026-12-23 12:00', 'ma 2026-12-28 09:00'],
    ['2026-12-31 12:00', 'ma 2027-01-04 09:00'],
    // Epiphany on Wednesday 6.1.2027
    ['2027-01-05 12:00', 'to 2027-01-07 09:00'],
    // Easter 2026: Good Friday 3.4., Easter Monday 6.4.
    ['2026-04-02 12:00', 'ti 2026-04-07 09:00'],
    // May Day (Friday 1.5.2026) and Ascension Day (Thursday 14.5.2026)
    ['2026-04-30 12:00', 'ma 2026-05-04 09:00'],
    ['2026-05-13 12:00', 'pe 2026-05-15 09:00'],
    // Midsummer Eve (Friday 19.6.2026) and Independence Day (Monday 6.12.2027)
    ['2026-06-18 12:00', 'ma 2026-06-22 09:00'],
    ['2027-12-03 12:00', 'ti 2027-12-07 09:00'],
  ])('next working-day morning skips Finnish holidays: %s → %s', (sent, expected) => {
    const [date, time] = sent.split(' ');
    const [y, mo, d] = date!.split('-').map(Number);
    const [h, mi] = time!.split(':').map(Number);
    expect(wall(pharmacyDeadline('delivery-12-h', L(y!, mo!, d!, h!, mi!)))).toBe(expected);
  });

  it('is 09:00 local across the spring DST change (Fri 27.3.2026 → Mon 30.3.)', () => {
    const d = pharmacyDeadline('delivery-12-h', L(2026, 3, 27, 12, 0));
    expect(wall(d)).toBe('ma 2026-03-30 09:00');
    expect(d.toISOString()).toBe('2026-03-30T06:00:00.000Z'); // EEST, UTC+3
  });

  it('is 09:00 local across the autumn DST change (Sat 24.10.2026 → Mon 26.10.)', () => {
    const d = pharmacyDeadline('delivery-12-h', L(2026, 10, 24, 12, 0));
    expect(wall(d)).toBe('ma 2026-10-26 09:00');
    expect(d.toISOString()).toBe('2026-10-26T07:00:00.000Z'); // EET, UTC+2
  });

  it('express across the spring DST gap is real elapsed minutes', () => {
    const sent = new Date('2026-03-29T00:50:00Z'); // 02:50 EET
    const d = pharmacyDeadline('delivery-20-min', sent);
    expect(wall(d)).toBe('su 2026-03-29 04:05');
  });
});

describe('customerDeadline', () => {
  it('CUSTOMER_ORDER_HOURS is 12', () => expect(CUSTOMER_ORDER_HOURS).toBe(12));

  it.each([
    [WED, 10, 0, 'ke 2026-11-18 22:00'],
    [MON, 0, 0, 'ma 2026-11-16 12:00'],
    [MON, 20, 0, 'ti 2026-11-17 08:00'],
    [THU, 18, 0, 'pe 2026-11-20 06:00'],
    [FRI, 10, 0, 'pe 2026-11-20 22:00'],
    [FRI, 18, 0, 'ma 2026-11-23 06:00'],
    [FRI, 23, 0, 'ma 2026-11-23 11:00'],
    [SAT, 0, 0, 'ma 2026-11-23 12:00'],
    [SAT, 10, 0, 'ma 2026-11-23 12:00'],
    [SUN, 23, 59, 'ma 2026-11-23 12:00'],
  ])('11/%d %d:%d → %s', (day, h, m, expected) => {
    expect(wall(customerDeadline(L(2026, 11, day, h, m)))).toBe(expected);
  });

  it('an order on Friday at 12:00 is due at Friday 24:00 (Saturday 00:00)', () => {
    expect(wall(customerDeadline(L(2026, 11, FRI, 12, 0)))).toBe('la 2026-11-21 00:00');
  });

  it('within the week the deadline is exactly 12 real hours later', () => {
    const created = L(2026, 11, TUE, 13, 37, 12);
    expect(customerDeadline(created).getTime() - created.getTime()).toBe(12 * H);
  });

  it('keeps seconds and milliseconds', () => {
    const created = new Date(L(2026, 11, WED, 10, 0, 5).getTime() + 250);
    expect(customerDeadline(created).getTime() - created.getTime()).toBe(12 * H);
  });

  it('over a normal weekend 60 real hours pass from Friday 18:00', () => {
    const created = L(2026, 11, FRI, 18, 0);
    expect(customerDeadline(created).getTime() - created.getTime()).toBe(60 * H);
  });

  it('spring DST weekend: Fri 27.3.2026 18:00 → Mon 06:00, 59 real hours', () => {
    const created = L(2026, 3, 27, 18, 0);
    const d = customerDeadline(created);
    expect(wall(d)).toBe('ma 2026-03-30 06:00');
    expect(d.getTime() - created.getTime()).toBe(59 * H);
  });

  it('autumn DST weekend: Fri 23.10.2026 18:00 → Mon 06:00, 61 real hours', () => {
    const created = L(2026, 10, 23, 18, 0);
    const d = customerDeadline(created);
    expect(wall(d)).toBe('ma 2026-10-26 06:00');
    expect(d.getTime() - created.getTime()).toBe(61 * H);
  });

  it('ordered during the DST Sunday night still starts on Monday 00:00', () => {
    expect(wall(customerDeadline(new Date('2026-03-29T01:30:00Z')))).toBe('ma 2026-03-30 12:00');
    expect(wall(customerDeadline(new Date('2026-10-25T00:30:00Z')))).toBe('ma 2026-10-26 12:00');
    expect(wall(customerDeadline(new Date('2026-10-25T01:30:00Z')))).toBe('ma 2026-10-26 12:00');
  });

  it('the clock stops on Finnish holidays: Wed 23.12.2026 18:00 → Mon 28.12. 06:00', () => {
    expect(wall(customerDeadline(L(2026, 12, 23, 18, 0)))).toBe('ma 2026-12-28 06:00');
    // Easter 2026: Thursday evening → Tuesday morning
    expect(wall(customerDeadline(L(2026, 4, 2, 20, 0)))).toBe('ti 2026-04-07 08:00');
    // Ordered on a holiday: the clock starts the next working day at 00:00
    expect(wall(customerDeadline(L(2026, 5, 14, 15, 0)))).toBe('pe 2026-05-15 12:00');
  });

  it('the deadline is never on a day off (except exactly at the midnight after a working day)', () => {
    const start = L(2026, 11, 23, 0, 0).getTime(); // five weeks over Christmas and New Year
    for (let t = start; t < start + 35 * 24 * H; t += 37 * 60_000) {
      const d = customerDeadline(new Date(t));
      const p = helsinkiParts(d);
      const previousDay = helsinkiParts(d.getTime() - 1);
      const midnightAfterWorkingDay = p.hour === 0 && p.minute === 0 && p.second === 0 && isFinnishWorkingDay(previousDay);
      expect(isFinnishWorkingDay(p) || midnightAfterWorkingDay).toBe(true);
      expect(d.getTime()).toBeGreaterThanOrEqual(t + 12 * H);
    }
  });
});
