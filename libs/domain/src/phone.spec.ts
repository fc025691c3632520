import { formatPhone, toE164Phone } from './phone.js';

describe('toE164Phone', () => {
  it.each([
    ['040 123 4567', '+358401234567'],
    ['0401234999', '+358401234999'],
    ['+358 40 123 4567', '+358401234567'],
    ['00358 40 123 4567', '+358401234567'],
    ['+358 040 123 4567', '+358401234567'],
    ['09 123 4567', '+35891234567'],
    ['401234567', '+358401234567'],
  ])('%j → %j', (input, e164) => expect(toE164Phone(input)).toBe(e164));

  it.each(['', '040-1234567', '+46701234567', '00123456', '+358 0', '123', '0401234567890', 'puhelin'])('refuses %j', (input) => expect(toE164Phone(input)).toBeNull());
});

describe('formatPhone', () => {
  it.each([
    ['+358401234567', '+358 40 123 4567'],
    ['+358501234567', '+358 50 123 4567'],
    ['+35891234567', '+358 9 123 4567'],
    ['+358177654321', '+358 17 765 4321'],
    ['+3581234', '+358 12 34'],
    // Older rows and other accepted forms are grouped the same.
    ['0401234567', '+358 40 123 4567'],
    ['040 1234 567', '+358 40 123 4567'],
    ['00358 50 7654321', '+358 50 765 4321'],
    ['+358 40 111 2222', '+358 40 111 2222'],
    // Not a Finnish number: shown as it is, never mangled.
    ['+44 7700 900123', '+44 7700 900123'],
    ['', ''],
  ])('%j → %j', (stored, shown) => expect(formatPhone(stored)).toBe(shown));

  it('groups what toE164Phone stores back into what the customer typed, digit for digit', () => {
    for (const typed of ['040 123 4567', '09 123 4567', '0501234567']) {
      const shown = formatPhone(toE164Phone(typed)!);
      expect(shown.replace(/\s/g, '')).toBe(toE164Phone(typed));
      expect(shown).toMatch(/^\+358 \d{1,2} \d{3} \d{3,4}$/);
    }
  });
});
