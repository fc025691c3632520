import {
  HELSINKI_TZ,
  formatCountdown,
  formatDateFi,
  formatDateTimeFi,
  formatDurationFi,
  formatTimeFi,
  fromHelsinkiLocal,
  helsinkiIsoDate,
  helsinkiOffsetMs,
  helsinkiParts,
} from './time.js';

const H = 3_600_000;
const MIN = 60_000;

describe('helsinkiParts', () => {
  it('time zone constant', () => expect(HELSINKI_TZ).toBe('Europe/Helsinki'));

  it('winter time is UTC+2', () => {
    expect(helsinkiParts(new Date('2026-01-15T10:00:00Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 12,
      minute: 0,
      second: 0,
      weekday: 4,
    });
  });

  it('summer time is UTC+3', () => {
    expect(helsinkiParts(new Date('2026-07-01T10:20:30Z'))).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 13,
      minute: 20,
      second: 30,
      weekday: 3,
    });
  });

  it('crosses the date line into the next year', () => {
    const p = helsinkiParts(new Date('2026-12-31T22:30:00Z'));
    expect([p.year, p.month, p.day, p.hour, p.minute, p.weekday]).toEqual([2027, 1, 1, 0, 30, 5]);
  });

  it('midnight is hour 0 (not 24)', () => {
    expect(helsinkiParts(new Date('2026-01-14T22:00:00Z')).hour).toBe(0);
  });

  it('weekday runs 1 = Monday … 7 = Sunday', () => {
    // 2026-11-16 is a Monday
    const weekdays = [16, 17, 18, 19, 20, 21, 22].map((d) => helsinkiParts(fromHelsinkiLocal(2026, 11, d, 12, 0)).weekday);
    expect(weekdays).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('accepts ISO strings', () => {
    expect(helsinkiParts('2026-11-22T12:05:00Z').hour).toBe(14);
  });

  it('throws on an invalid date', () => {
    expect(() => helsinkiParts('not a date')).toThrow(RangeError);
  });

  it('offset is 2 h in winter and 3 h in summer', () => {
    expect(helsinkiOffsetMs(Date.parse('2026-01-01T00:00:00Z'))).toBe(2 * H);
    expect(helsinkiOffsetMs(Date.parse('2026-06-01T00:00:00Z'))).toBe(3 * H);
  });
});

describe('fromHelsinkiLocal', () => {
  it('converts winter and summer wall-clock times', () => {
    expect(fromHelsinkiLocal(2026, 1, 15, 12, 0).toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(fromHelsinkiLocal(2026, 7, 1, 12, 0, 30).toISOString()).toBe('2026-07-01T09:00:30.000Z');
  });

  it('handles the spring change (Sun 29.3.2026, 03:00 → 04:00)', () => {
    expect(fromHelsinkiLocal(2026, 3, 29, 2, 59).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(fromHelsinkiLocal(2026, 3, 29, 4, 0).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(fromHelsinkiLocal(2026, 3, 29, 12, 0).toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(fromHelsinkiLocal(2026, 3, 28, 12, 0).toISOString()).toBe('2026-03-28T10:00:00.000Z');
  });

  it('moves a skipped spring time one hour forward', () => {
    const d = fromHelsinkiLocal(2026, 3, 29, 3, 30);
    expect(d.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(formatTimeFi(d)).toBe('4.30');
  });

  it('handles the autumn change (Sun 25.10.2026, 04:00 → 03:00)', () => {
    expect(fromHelsinkiLocal(2026, 10, 25, 2, 59).toISOString()).toBe('2026-10-24T23:59:00.000Z');
    expect(fromHelsinkiLocal(2026, 10, 25, 4, 0).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(fromHelsinkiLocal(2026, 10, 25, 12, 0).toISOString()).toBe('2026-10-25T10:00:00.000Z');
    expect(fromHelsinkiLocal(2026, 10, 24, 12, 0).toISOString()).toBe('2026-10-24T09:00:00.000Z');
  });

  it('resolves a repeated autumn time to the earlier (summer-time) instant', () => {
    expect(fromHelsinkiLocal(2026, 10, 25, 3, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('rolls over out-of-range fields like Date.UTC', () => {
    expect(fromHelsinkiLocal(2026, 1, 32, 0, 0).toISOString()).toBe('2026-01-31T22:00:00.000Z');
    expect(fromHelsinkiLocal(2026, 13, 1, 0, 0).toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });

  it('round-trips every full hour through both DST weekends', () => {
    const mismatches: string[] = [];
    for (const start of [Date.parse('2026-03-27T00:00:00Z'), Date.parse('2026-10-23T00:00:00Z')]) {
      for (let t = start; t < start + 4 * 24 * H; t += 30 * MIN) {
        const p = helsinkiParts(new Date(t));
        const back = fromHelsinkiLocal(p.year, p.month, p.day, p.hour, p.minute, p.second).getTime();
        if (back !== t) {
          expect(t - back).toBe(H);
          mismatches.push(new Date(t).toISOString());
        }
      }
    }
    // Only the second pass through 03:00–03:59 of the autumn night maps back to the earlier instant.
    expect(mismatches).toEqual(['2026-10-25T01:00:00.000Z', '2026-10-25T01:30:00.000Z']);
  });
});

describe('Finnish formatting', () => {
  const afternoon = fromHelsinkiLocal(2026, 11, 22, 14, 5);
  const morning = fromHelsinkiLocal(2026, 11, 2, 9, 5);

  it('formatDateFi has no leading zeros', () => {
    expect(formatDateFi(afternoon)).toBe('22.11.2026');
    expect(formatDateFi(morning)).toBe('2.11.2026');
    expect(formatDateFi(fromHelsinkiLocal(2026, 1, 5, 0, 0))).toBe('5.1.2026');
  });

  it('formatDateFi uses the Helsinki date, not UTC', () => {
    expect(formatDateFi('2026-06-30T22:30:00Z')).toBe('1.7.2026');
  });

  it('formatTimeFi is H.MM', () => {
    expect(formatTimeFi(afternoon)).toBe('14.05');
    expect(formatTimeFi(morning)).toBe('9.05');
    expect(formatTimeFi(fromHelsinkiLocal(2026, 11, 2, 0, 0))).toBe('0.00');
  });

  it('formatTimeFi uses Helsinki time in summer and winter', () => {
    expect(formatTimeFi(fromHelsinkiLocal(2026, 11, 2, 0, 7))).toBe('0.07');
    expect(formatTimeFi('2026-07-01T06:00:00Z')).toBe('9.00');
    expect(formatTimeFi('2026-01-15T12:33:00Z')).toBe('14.33');
  });

  it('formatDateTimeFi', () => {
    expect(formatDateTimeFi(afternoon)).toBe('22.11.2026 klo 14.05');
    expect(formatDateTimeFi(morning)).toBe('2.11.2026 klo 9.05');
    expect(formatDateTimeFi(afternoon.toISOString())).toBe('22.11.2026 klo 14.05');
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '0:00:00'],
    [999, '0:00:00'],
    [1000, '0:00:01'],
    [59_000, '0:00:59'],
    [60_000, '0:01:00'],
    [15 * MIN, '0:15:00'],
    [H + 2 * MIN + 3000, '1:02:03'],
    [12 * H, '12:00:00'],
    [27 * H + 59 * MIN + 59_000, '27:59:59'],
    [-1000, '-0:00:01'],
    [-(H + 5 * MIN), '-1:05:00'],
    [-500, '0:00:00'],
  ])('%d ms → %j', (ms, text) => expect(formatCountdown(ms)).toBe(text));
});

describe('formatDurationFi', () => {
  it.each([
    [0, '0 min'],
    [59_999, '0 min'],
    [45 * MIN, '45 min'],
    [3 * H, '3 t 0 min'],
    [3 * H + 59 * MIN, '3 t 59 min'],
    [24 * H, '1 pv 0 t 0 min'],
    [2 * 24 * H + 3 * H + 15 * MIN, '2 pv 3 t 15 min'],
    [-45 * MIN, '45 min'],
    [-(2 * 24 * H + 3 * H + 15 * MIN), '2 pv 3 t 15 min'],
  ])('%d ms → %j', (ms, text) => expect(formatDurationFi(ms)).toBe(text));
});

describe('helsinkiIsoDate', () => {
  it('is the Helsinki calendar date, which is a day ahead of UTC late in the evening', () => {
    expect(helsinkiIsoDate(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-01');
    expect(helsinkiIsoDate(new Date('2026-01-05T12:00:00Z'))).toBe('2026-01-05');
  });
});
