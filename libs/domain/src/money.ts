/** Prices in cents and their Finnish display format (SPEC sections 1 and 9). */
import type { ItemType } from './api-rules.js';

export const PRICE_RENEWAL_CENTS = 990;
export const PRICE_NEW_PRESCRIPTION_CENTS = 1990;

/** 'prescription' is a new request; any other type is priced as a renewal. */
export function itemPriceCents(type: ItemType | string): number {
  return type === 'prescription' ? PRICE_NEW_PRESCRIPTION_CENTS : PRICE_RENEWAL_CENTS;
}

/**
 * Finnish euro format with plain spaces: 990 → '9,90 €', 123456 → '1 234,56 €',
 * -500 → '-5,00 €'. Fractions of a cent are rounded to the nearest cent.
 */
export function formatEuro(cents: number): string {
  const rounded = Math.round(cents);
  const negative = rounded < 0;
  const abs = Math.abs(rounded);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  const grouped = String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${negative ? '-' : ''}${grouped},${String(rest).padStart(2, '0')} €`;
}
