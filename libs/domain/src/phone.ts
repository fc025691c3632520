/**
 * Phone numbers are stored in E.164 (+358401234567) and shown grouped (+358 40 123 4567).
 * Accepted input (SPEC section 5): +358, 00358 or 0 followed by the number, or the number alone,
 * 4 to 11 digits, spaces anywhere. The number itself never starts with 0: '+358 040 …' (the
 * trunk 0 kept after the country code, a common slip) loses that 0. Only Finnish numbers: the
 * service texts Finnish patients, and SPEC section 9 fixes the prefix +358.
 */
const FINNISH_PHONE = /^(\+358|00358|0)?(\d{4,12})$/;

/** The number in E.164 (+358…), or null when it is not a phone number of SPEC section 5. */
export function toE164Phone(input: string): string | null {
  const match = FINNISH_PHONE.exec(input.replace(/\s+/g, ''));
  if (!match) return null;
  const [, prefix, digits] = match as unknown as [string, string | undefined, string];
  // After the country code a kept trunk 0 is dropped; after the trunk 0 itself another 0 is no number.
  const national = prefix && prefix !== '0' && digits.startsWith('0') ? digits.slice(1) : digits;
  if (!/^[1-9]\d{3,10}$/.test(national)) return null;
  return `+358${national}`;
}

/** Digits of the area or operator code of a Finnish number: 40, 50 (mobile), 9 (Helsinki), 17 (Kuopio)... */
function areaCodeLength(national: string): number {
  if (/^(4|50|1[3-9])/.test(national)) return 2;
  if (/^[235689]/.test(national)) return 1;
  return 2;
}

/**
 * The one display form of a phone number, wherever one is shown (profile, payment confirmation,
 * a pharmacy's number): '+358401234567' → '+358 40 123 4567'. A Finnish number stored in another
 * accepted form ('040 1234567', older rows) is grouped the same; anything else is shown as it is.
 */
export function formatPhone(stored: string): string {
  const national = /^\+358([1-9]\d{3,10})$/.exec(toE164Phone(stored) ?? stored)?.[1];
  if (!national) return stored;
  const area = national.slice(0, areaCodeLength(national));
  const rest = national.slice(area.length);
  const groups = rest.length > 4 ? [rest.slice(0, 3), rest.slice(3)] : [rest];
  return ['+358', area, ...groups].join(' ');
}
