/**
 * Finnish date/time formatting in Helsinki time and Helsinki wall-clock
 * conversion, using only the Intl time-zone database (no dependencies).
 */

export const HELSINKI_TZ = 'Europe/Helsinki';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface HelsinkiParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
}

let partsFormatter: Intl.DateTimeFormat | undefined;

function formatter(): Intl.DateTimeFormat {
  partsFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: HELSINKI_TZ,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return partsFormatter;
}

function toDate(d: Date | string | number): Date {
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(d)}`);
  return date;
}

/** Calendar and clock fields of an instant as seen in Helsinki. */
export function helsinkiParts(d: Date | string | number): HelsinkiParts {
  const date = toDate(d);
  const fields: Record<string, number> = {};
  for (const p of formatter().formatToParts(date)) {
    if (p.type !== 'literal') fields[p.type] = Number(p.value);
  }
  const year = fields.year!;
  const month = fields.month!;
  const day = fields.day!;
  const hour = fields.hour! % 24;
  const utcDay = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return {
    year,
    month,
    day,
    hour,
    minute: fields.minute!,
    second: fields.second!,
    weekday: utcDay === 0 ? 7 : utcDay,
  };
}

/** Helsinki's UTC offset (ms) at the given instant, e.g. 2 h in winter, 3 h in summer. */
export function helsinkiOffsetMs(instantMs: number): number {
  const p = helsinkiParts(instantMs);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant at which Helsinki clocks show the given wall-clock time.
 * Out-of-range fields roll over like Date.UTC (day 32 → next month).
 * DST edge cases, following the common "compatible" convention:
 *  - a time skipped in spring (03:00–03:59 on the last Sunday of March) is
 *    read with the winter offset, i.e. it lands one hour later (03:30 → 04:30 EEST);
 *  - a time repeated in autumn (03:00–03:59 on the last Sunday of October)
 *    resolves to the earlier of the two instants (still summer time).
 */
export function fromHelsinkiLocal(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetBefore = helsinkiOffsetMs(wall - DAY_MS);
  const offsetAfter = helsinkiOffsetMs(wall + DAY_MS);
  const candidates = [wall - offsetBefore, wall - offsetAfter].filter(
    (t) => t + helsinkiOffsetMs(t) === wall,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - offsetBefore);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of the Helsinki calendar date of an instant (a date column's value). */
export function helsinkiIsoDate(d: Date | string | number): string {
  const p = helsinkiParts(d);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** '2.11.2026' (no leading zeros). */
export function formatDateFi(d: Date | string): string {
  const p = helsinkiParts(d);
  return `${p.day}.${p.month}.${p.year}`;
}

/**
 * '9.05', '14.05' (Finnish dot separator, hour without leading zero): the one clock-time
 * format of every screen (DESIGN.md).
 */
export function formatTimeFi(d: Date | string): string {
  const p = helsinkiParts(d);
  return `${p.hour}.${pad2(p.minute)}`;
}

/** '22.11.2026 klo 14.05' */
export function formatDateTimeFi(d: Date | string): string {
  return `${formatDateFi(d)} klo ${formatTimeFi(d)}`;
}

/**
 * Countdown 'H:MM:SS' (hours are not capped at 24); negative values (overtime)
 * get a '-' prefix. Partial seconds are truncated towards zero, so the display
 * never shows a negative zero ('-0:00:00').
 */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const sign = ms < 0 && totalSeconds > 0 ? '-' : '';
  return `${sign}${h}:${pad2(m)}:${pad2(s)}`;
}

/**
 * Absolute duration in days, hours and minutes: '2 pv 3 t 15 min',
 * '3 t 0 min', '45 min'. Partial minutes are truncated.
 */
export function formatDurationFi(ms: number): string {
  const totalMinutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return `${days} pv ${hours} t ${minutes} min`;
  if (hours > 0) return `${hours} t ${minutes} min`;
  return `${minutes} min`;
}
