import { PRICE_NEW_PRESCRIPTION_CENTS, PRICE_RENEWAL_CENTS, formatEuro, itemPriceCents } from './money.js';

describe('prices', () => {
  it('renewal 9,90 € and new prescription 19,90 €', () => {
    expect(PRICE_RENEWAL_CENTS).toBe(990);
    expect(PRICE_NEW_PRESCRIPTION_CENTS).toBe(1990);
  });

  it('itemPriceCents treats anything but prescription as a renewal', () => {
    expect(itemPriceCents('prescription')).toBe(1990);
    expect(itemPriceCents('renewal')).toBe(990);
    expect(itemPriceCents('something-else')).toBe(990);
    expect(itemPriceCents('')).toBe(990);
    expect(itemPriceCents('Prescription')).toBe(990);
  });
});

describe('formatEuro', () => {
  it.each([
    [990, '9,90 €'],
    [1990, '19,90 €'],
    [0, '0,00 €'],
    [5, '0,05 €'],
    [50, '0,50 €'],
    [100, '1,00 €'],
    [1490, '14,90 €'],
    [99999, '999,99 €'],
    [100000, '1 000,00 €'],
    [123456, '1 234,56 €'],
    [123456789, '1 234 567,89 €'],
    [-500, '-5,00 €'],
    [-123456, '-1 234,56 €'],
    [990.4, '9,90 €'],
    [989.6, '9,90 €'],
  ])('%d cents → %j', (cents, text) => {
    expect(formatEuro(cents)).toBe(text);
  });

  it('uses plain spaces only', () => {
    const s = formatEuro(123456);
    expect(s).not.toMatch(/[\u00a0\u202f]/);
    expect(s.split(' ')).toEqual(['1', '234,56', '€']);
  });

  it('sums of cart prices format as expected', () => {
    expect(formatEuro(2 * PRICE_RENEWAL_CENTS + PRICE_NEW_PRESCRIPTION_CENTS)).toBe('39,70 €');
  });
});
