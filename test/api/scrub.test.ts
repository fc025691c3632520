/** What logs and span attributes keep (logging/scrub.ts): no hetu, no phone number, whole request ids. */
import { scrub } from '../../apps/api/src/platform/logging/scrub';

describe('scrub', () => {
  it('removes identity codes and phone numbers wherever they are in a text', () => {
    expect(scrub('hetu 121212-913Y, puh. 040 123 4567 tai +358401234567')).toBe('hetu [hetu], puh. [phone] tai [phone]');
  });

  it('keeps a request id whole, even when its first group looks like a phone number', () => {
    const id = '01234567-3dda-4220-848c-ccaf05726e4e';
    expect(scrub(id)).toBe(id);
    expect(scrub(`request ${id} for 0401234567`)).toBe(`request ${id} for [phone]`);
    expect(scrub(`0401234567 ${id.toUpperCase()}`)).toBe(`[phone] ${id.toUpperCase()}`);
  });
});
