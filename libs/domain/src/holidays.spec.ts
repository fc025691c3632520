import { easterSunday, finnishHolidays, isFinnishWorkingDay, isoWeekday } from './holidays.js';

const ymd = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2038, '2038-04-25'], // the latest possible date
    [2285, '2285-03-22'], // the earliest possible date
  ])('%d → %s', (year, expected) => {
    expect(ymd(easterSunday(year))).toBe(expected);
    expect(isoWeekday(easterSunday(year))).toBe(7);
  });
});

describe('finnishHolidays', () => {
  it('lists the days off of 2026 as the Finnish calendar has them', () => {
    expect(finnishHolidays(2026).map((h) => `${ymd(h.date)} ${h.name}`)).toEqual([
      '2026-01-01 Uudenvuodenpäivä',
      '2026-01-06 Loppiainen',
      '2026-04-03 Pitkäperjantai',
      '2026-04-06 Toinen pääsiäispäivä',
      '2026-05-01 Vappu',
      '2026-05-14 Helatorstai',
      '2026-06-19 Juhannusaatto',
      '2026-12-06 Itsenäisyyspäivä',
      '2026-12-24 Jouluaatto',
      '2026-12-25 Joulupäivä',
      '2026-12-26 Tapaninpäivä',
    ]);
  });

  it('Midsummer Eve is the Friday between 19 and 25 June', () => {
    for (let year = 2020; year <= 2040; year++) {
      const eve = finnishHolidays(year).find((h) => h.name === 'Juhannusaatto')!.date;
      expect(isoWeekday(eve)).toBe(5);
      expect(eve.month).toBe(6);
      expect(eve.day).toBeGreaterThanOrEqual(19);
      expect(eve.day).toBeLessThanOrEqual(25);
    }
  });
});

describe('isFinnishWorkingDay', () => {
  it('weekdays are working days, weekends and holidays are not', () => {
    expect(isFinnishWorkingDay({ year: 2026, month: 11, day: 23 })).toBe(true); // Monday
    expect(isFinnishWorkingDay({ year: 2026, month: 11, day: 21 })).toBe(false); // Saturday
    expect(isFinnishWorkingDay({ year: 2026, month: 11, day: 22 })).toBe(false); // Sunday
    expect(isFinnishWorkingDay({ year: 2026, month: 12, day: 24 })).toBe(false); // Christmas Eve, Thursday
    expect(isFinnishWorkingDay({ year: 2026, month: 4, day: 3 })).toBe(false); // Good Friday
    expect(isFinnishWorkingDay({ year: 2026, month: 12, day: 28 })).toBe(true); // Monday after Christmas
  });

  // 2026 starts on a Thursday: 261 weekdays, nine of them holidays (Independence Day is a
  // Sunday and Boxing Day a Saturday).
  it('2026 has 252 working days', () => {
    let count = 0;
    for (let d = new Date(Date.UTC(2026, 0, 1)); d.getUTCFullYear() === 2026; d.setUTCDate(d.getUTCDate() + 1)) {
      if (isFinnishWorkingDay({ year: 2026, month: d.getUTCMonth() + 1, day: d.getUTCDate() })) count++;
    }
    expect(count).toBe(252);
  });
});
