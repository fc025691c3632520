import type { CentrePrescription } from './e-prescription.js';
import {
  addMonthsToDate,
  isBiologicalAtc,
  medicineValidityClass,
  prescriptionValidUntil,
  renewalOf,
  renewalRequestableUntil,
  validityYearsOf,
} from './e-prescription-rules.js';

const atorvastatin = { atcCode: 'C10AA05', renewable: true };
const adalimumab = { atcCode: 'L04AB04', renewable: true };
const insulin = { atcCode: 'A10AE04', renewable: true };
const pembrolizumab = { atcCode: 'L01FF02', renewable: true };
const zolpidem = { atcCode: 'N05CF02', renewable: false };
const oxycodone = { atcCode: 'N02AA05', renewable: false };
const specialPermit = { atcCode: 'C10AX', renewable: true, specialPermit: true };

function centre(overrides: Partial<CentrePrescription> = {}): CentrePrescription {
  return {
    id: 'rx-1',
    authoredOn: '2025-03-15',
    prescriber: 'Lääkäri Laura',
    medication: { vnr: '123456', atcCode: 'C10AA05', name: 'Atorvastatin' },
    dosageInstruction: '1 tabletti illalla',
    validUntil: '2027-03-15',
    dispensed: true,
    curative: false,
    neRepete: false,
    telephone: false,
    specialPermit: false,
    narcoticOrPkv: false,
    ...overrides,
  };
}

describe('validity classes', () => {
  it('a standard medicine is valid two years from its date', () => {
    expect(medicineValidityClass(atorvastatin)).toBe('standard');
    expect(validityYearsOf(atorvastatin)).toBe(2);
    expect(prescriptionValidUntil(atorvastatin, '2026-11-22T12:00:00Z')).toBe('2028-11-22');
  });

  it('PKV medicines and narcotics (the catalogue marks them not renewable) are valid one year', () => {
    expect(medicineValidityClass(zolpidem)).toBe('narcotic-or-pkv');
    expect(medicineValidityClass(oxycodone)).toBe('narcotic-or-pkv');
    expect(prescriptionValidUntil(zolpidem, '2026-11-22T12:00:00Z')).toBe('2027-11-22');
  });

  it('special-permit products are valid one year', () => {
    expect(medicineValidityClass(specialPermit)).toBe('special-permit');
    expect(validityYearsOf(specialPermit)).toBe(1);
  });

  it('biological medicines, read from the ATC code, are valid one year', () => {
    for (const product of [adalimumab, insulin, pembrolizumab]) {
      expect(medicineValidityClass(product)).toBe('biological');
      expect(validityYearsOf(product)).toBe(1);
    }
    expect(isBiologicalAtc('l04ac05')).toBe(true);
    expect(isBiologicalAtc('L04AX03')).toBe(false); // methotrexate: not biological
    expect(isBiologicalAtc('A10BA02')).toBe(false); // metformin
    expect(isBiologicalAtc('')).toBe(false);
  });

  it('dates are Helsinki dates: late evening UTC is already the next day', () => {
    // 22:30 UTC on 31 Dec is 00:30 on 1 Jan in Helsinki.
    expect(prescriptionValidUntil(atorvastatin, '2026-12-31T22:30:00Z')).toBe('2029-01-01');
  });

  it('a period ends on the same day of the month, or the last day of a shorter month', () => {
    expect(addMonthsToDate('2028-02-29', 24)).toBe('2030-02-28');
    expect(addMonthsToDate('2025-10-31', 28)).toBe('2028-02-29');
    expect(addMonthsToDate('2025-10-31', 16)).toBe('2027-02-28');
    expect(addMonthsToDate('2025-01-15', -1)).toBe('2024-12-15');
  });
});

describe('renewal window', () => {
  it('two-year prescriptions can be renewed 28 months from their date, the others 16', () => {
    expect(renewalRequestableUntil(atorvastatin, '2025-03-15')).toBe('2027-07-15');
    expect(renewalRequestableUntil(adalimumab, '2025-03-15')).toBe('2026-07-15');
    expect(renewalRequestableUntil(zolpidem, '2025-03-15')).toBe('2026-07-15');
  });

  it('a dispensed two-year prescription is renewable until its date + 28 months, that day included', () => {
    expect(renewalOf(centre(), '2027-07-15T20:00:00Z')).toEqual({ renewable: true, renewableUntil: '2027-07-15', reasons: [] });
    expect(renewalOf(centre(), '2027-07-15T21:30:00Z')).toEqual({ renewable: false, renewableUntil: '2027-07-15', reasons: ['window-passed'] });
  });

  it('a one-year prescription (or one the prescriber restricted) has the 16-month window', () => {
    const oneYear = centre({ medication: { vnr: null, atcCode: 'L04AB04', name: 'Humira' }, validUntil: '2026-03-15' });
    expect(renewalOf(oneYear, '2026-07-15')).toMatchObject({ renewable: true, renewableUntil: '2026-07-15' });
    expect(renewalOf(oneYear, '2026-07-16')).toMatchObject({ renewable: false, reasons: ['window-passed'] });
    const restricted = centre({ validUntil: '2025-09-15' });
    expect(renewalOf(restricted, '2025-12-01').renewableUntil).toBe('2026-07-15');
  });
});

describe('not renewable', () => {
  const today = '2026-01-10';
  it.each([
    ['never dispensed', { dispensed: false }, 'never-dispensed'],
    ['a curative course (antibiotic)', { curative: true }, 'curative'],
    ["marked 'ne repete'", { neRepete: true }, 'ne-repete'],
    ['a telephone prescription', { telephone: true }, 'telephone'],
    ['a special-permit product', { specialPermit: true }, 'special-permit'],
    ['a narcotic or PKV medicine', { narcoticOrPkv: true }, 'narcotic-or-pkv'],
  ] as const)('%s', (_, overrides, reason) => {
    const renewal = renewalOf(centre(overrides), today);
    expect(renewal.renewable).toBe(false);
    expect(renewal.reasons).toEqual([reason]);
  });

  it('past its window', () => {
    expect(renewalOf(centre({ authoredOn: '2023-01-05', validUntil: '2025-01-05' }), today)).toEqual({
      renewable: false,
      renewableUntil: '2025-05-05',
      reasons: ['window-passed'],
    });
  });

  it('every reason is listed, and narcotics/special permits count as one-year prescriptions', () => {
    const all = centre({ dispensed: false, curative: true, neRepete: true, telephone: true, specialPermit: true, narcoticOrPkv: true });
    const renewal = renewalOf(all, '2026-08-01');
    expect(renewal.renewableUntil).toBe('2026-07-15');
    expect(renewal.reasons).toEqual(['never-dispensed', 'window-passed', 'curative', 'ne-repete', 'telephone', 'special-permit', 'narcotic-or-pkv']);
  });

  it('a renewable prescription has no reasons', () => {
    expect(renewalOf(centre(), today)).toEqual({ renewable: true, renewableUntil: '2027-07-15', reasons: [] });
  });
});
