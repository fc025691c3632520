/** Finnish personal identity codes (hetu) and phone numbers, wherever they appear in a text. */
const HETU = /\b\d{6}[-+A-FU-Y]\d{3}[0-9A-FHJ-NPR-Y]\b/g;
const PHONE = /(?:\+358|\b0)\s?\d{1,3}[\s-]?\d{3,4}[\s-]?\d{3,4}\b/g;

/** Removes a hetu or a phone number from a logged text or a span attribute. */
export function scrub(text: string): string {
  return text.replace(HETU, '[hetu]').replace(PHONE, '[phone]');
}
