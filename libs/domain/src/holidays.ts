/**
 * Finnish working days: the calendar deadlines are counted in.
 *
 * A doctor's "next weekday morning" is a working day, so the days Finns do not work
 * are skipped: the official public holidays that fall on weekdays (arkipyhät) and the
 * two eves that are days off in practice (Midsummer Eve and Christmas Eve; banks,
 * offices and most health services are closed on them).
 * Dates are calendar dates; callers pass Helsinki dates.
 */

/** A calendar date; month 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Easter Sunday of the Gregorian calendar (anonymous Gregorian algorithm). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

function offsetDate(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekday(date: CalendarDate): number {
  const w = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return w === 0 ? 7 : w;
}

/** The Finnish holidays and days off of a year, by name, in date order. */
export function finnishHolidays(year: number): { date: CalendarDate; name: string }[] {
  const easter = easterSunday(year);
  const on = (month: number, day: number): CalendarDate => ({ year, month, day });
  // Midsummer Eve is the Friday between 19 and 25 June.
  const june19 = on(6, 19);
  const midsummerEve = offsetDate(june19, (5 - isoWeekday(june19) + 7) % 7);
  const holidays = [
    { date: on(1, 1), name: 'Uudenvuodenpäivä' },
    { date: on(1, 6), name: 'Loppiainen' },
    { date: offsetDate(easter, -2), name: 'Pitkäperjantai' },
    { date: offsetDate(easter, 1), name: 'Toinen pääsiäispäivä' },
    { date: on(5, 1), name: 'Vappu' },
    { date: offsetDate(easter, 39), name: 'Helatorstai' },
    { date: midsummerEve, name: 'Juhannusaatto' },
    { date: on(12, 6), name: 'Itsenäisyyspäivä' },
    { date: on(12, 24), name: 'Jouluaatto' },
    { date: on(12, 25), name: 'Joulupäivä' },
    { date: on(12, 26), name: 'Tapaninpäivä' },
  ];
  return holidays.sort((x, y) => x.date.month - y.date.month || x.date.day - y.date.day);
}

const holidayKeysByYear = new Map<number, Set<string>>();

function holidayKeys(year: number): Set<string> {
  let keys = holidayKeysByYear.get(year);
  if (!keys) {
    keys = new Set(finnishHolidays(year).map(({ date }) => `${date.month}-${date.day}`));
    holidayKeysByYear.set(year, keys);
  }
  return keys;
}

/** Monday–Friday and not a Finnish holiday or day off. */
export function isFinnishWorkingDay(date: CalendarDate): boolean {
  return isoWeekday(date) <= 5 && !holidayKeys(date.year).has(`${date.month}-${date.day}`);
}
