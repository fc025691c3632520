import {
  DEFAULT_REJECTION_REASON,
  RECENT_DECISION_WINDOW_MS,
  RENEWABLE_YEARS,
  STATUS_TEXTS,
  isApproved,
  isDecided,
  isRecentDecision,
  isRejected,
  patientStatusText,
  renewableTill,
  renewableTillText,
} from './status.js';
import { fromHelsinkiLocal as L, helsinkiParts } from './time.js';

describe('decisions', () => {
  it('isRejected: values starting with rejected', () => {
    expect(isRejected('rejected')).toBe(true);
    expect(isRejected('rejected-with-coupon')).toBe(true);
    expect(isRejected('approved')).toBe(false);
    expect(isRejected('undecided')).toBe(false);
    expect(isRejected('')).toBe(false);
    expect(isRejected(null)).toBe(false);
  });

  it('isDecided: approved or any rejection', () => {
    expect(isDecided('approved')).toBe(true);
    expect(isDecided('rejected')).toBe(true);
    expect(isDecided('rejected-with-coupon')).toBe(true);
    expect(isDecided('undecided')).toBe(false);
    expect(isDecided('')).toBe(false);
    expect(isDecided(undefined)).toBe(false);
    expect(isApproved('approved')).toBe(true);
    expect(isApproved('rejected')).toBe(false);
  });

  it('constants', () => {
    expect(RECENT_DECISION_WINDOW_MS).toBe(24 * 60 * 60 * 1000);
    expect(RENEWABLE_YEARS).toBe(2);
    expect(DEFAULT_REJECTION_REASON).toBe('Lääkettä ei voida myöntää annettujen tietojen perusteella.');
  });

  it('isRecentDecision: within 24 hours of delivery', () => {
    const delivered = new Date('2026-11-20T10:00:00Z');
    expect(isRecentDecision(delivered, new Date('2026-11-20T10:00:00Z'))).toBe(true);
    expect(isRecentDecision(delivered, new Date('2026-11-21T09:59:59Z'))).toBe(true);
    expect(isRecentDecision(delivered, new Date('2026-11-21T10:00:00Z'))).toBe(false);
    expect(isRecentDecision('2026-11-20T10:00:00Z', new Date('2026-11-25T10:00:00Z'))).toBe(false);
  });
});

describe('renewableTill', () => {
  it('adds two years', () => {
    const d = renewableTill(L(2026, 11, 22, 14, 5));
    expect(helsinkiParts(d)).toMatchObject({ year: 2028, month: 11, day: 22, hour: 14, minute: 5 });
  });

  it('29 February falls back to 28 February', () => {
    const d = renewableTill(L(2028, 2, 29, 12, 0));
    expect(helsinkiParts(d)).toMatchObject({ year: 2030, month: 2, day: 28 });
  });

  it('uses the Helsinki date around midnight', () => {
    // 31.12.2026 23:30 Helsinki is still 2026 in UTC, 1.1.2027 00:30 is 2026 in UTC too.
    expect(renewableTillText(renewableTill(new Date('2026-12-31T22:30:00Z')))).toBe('Uusittavissa 1/2029 asti');
    expect(renewableTillText(renewableTill(new Date('2026-12-31T21:30:00Z')))).toBe('Uusittavissa 12/2028 asti');
  });

  it('renewableTillText shows month/year', () => {
    expect(renewableTillText(L(2028, 11, 22, 12, 0))).toBe('Uusittavissa 11/2028 asti');
    expect(renewableTillText(L(2028, 3, 1, 0, 0))).toBe('Uusittavissa 3/2028 asti');
    expect(renewableTillText(L(2028, 3, 1, 0, 0).toISOString())).toBe('Uusittavissa 3/2028 asti');
  });
});

describe('patientStatusText', () => {
  it('exports all the texts', () => {
    expect(Object.values(STATUS_TEXTS).sort()).toEqual(
      [
        'Valittu uusittavaksi',
        'Reseptipyyntö',
        'Odottaa käsittelyä',
        'Hyväksytty',
        'Resepti myönnetty',
        'Uusittavissa',
        'Resepti uusittu',
        'Hylätty',
        'Reseptipyyntö hylätty',
        'Hylätty - ei uusittavissa',
        'Lisätietoa hyväksynnästä',
      ].sort(),
    );
  });

  it('not sent yet (empty decision)', () => {
    expect(patientStatusText({ type: 'renewal', decision: '' })).toBe('Valittu uusittavaksi');
    expect(patientStatusText({ type: 'renewal', decision: null })).toBe('Valittu uusittavaksi');
    expect(patientStatusText({ type: 'prescription', decision: '' })).toBe('Reseptipyyntö');
    expect(patientStatusText({ type: 'other', decision: '' })).toBe('Valittu uusittavaksi');
  });

  it('sent but undecided', () => {
    expect(patientStatusText({ type: 'renewal', decision: 'undecided' })).toBe('Odottaa käsittelyä');
    expect(patientStatusText({ type: 'prescription', decision: 'undecided', delivered: true })).toBe(
      'Odottaa käsittelyä',
    );
  });

  it('decided but the order is not delivered yet counts as waiting', () => {
    expect(patientStatusText({ type: 'renewal', decision: 'approved', delivered: false })).toBe('Odottaa käsittelyä');
    expect(patientStatusText({ type: 'prescription', decision: 'rejected', delivered: false })).toBe(
      'Odottaa käsittelyä',
    );
  });

  it('approved', () => {
    expect(patientStatusText({ type: 'prescription', decision: 'approved', delivered: true })).toBe(
      'Resepti myönnetty',
    );
    expect(patientStatusText({ type: 'prescription', decision: 'approved', recent: true })).toBe('Resepti myönnetty');
    expect(patientStatusText({ type: 'renewal', decision: 'approved', recent: true, delivered: true })).toBe(
      'Resepti uusittu',
    );
    expect(patientStatusText({ type: 'renewal', decision: 'approved', recent: false })).toBe('Uusittavissa');
    expect(patientStatusText({ type: 'renewal', decision: 'approved' })).toBe('Uusittavissa');
  });

  it('rejected (with or without coupon)', () => {
    expect(patientStatusText({ type: 'prescription', decision: 'rejected' })).toBe('Reseptipyyntö hylätty');
    expect(patientStatusText({ type: 'prescription', decision: 'rejected-with-coupon' })).toBe(
      'Reseptipyyntö hylätty',
    );
    expect(patientStatusText({ type: 'renewal', decision: 'rejected', recent: true })).toBe(
      'Hylätty - ei uusittavissa',
    );
    expect(patientStatusText({ type: 'renewal', decision: 'rejected-with-coupon' })).toBe(
      'Hylätty - ei uusittavissa',
    );
  });
});
