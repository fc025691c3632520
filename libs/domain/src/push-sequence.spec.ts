import { PushSequence } from './push-sequence.js';

describe('PushSequence', () => {
  function following(rooms: string[]): PushSequence {
    const sequence = new PushSequence();
    sequence.setRooms(rooms);
    return sequence;
  }

  it('accepts consecutive numbers and the first number it sees', () => {
    const s = following(['doctors']);
    expect(s.missedBefore({ epoch: 'a', ids: { doctors: 41 } })).toBe(false);
    expect(s.missedBefore({ epoch: 'a', ids: { doctors: 42 } })).toBe(false);
    expect(s.missedBefore({ epoch: 'a', ids: { doctors: 43 } })).toBe(false);
  });

  it('tells a gap and a new epoch, then follows from there', () => {
    const s = following(['doctors']);
    s.missedBefore({ epoch: 'a', ids: { doctors: 1 } });
    expect(s.missedBefore({ epoch: 'a', ids: { doctors: 3 } })).toBe(true);
    expect(s.missedBefore({ epoch: 'a', ids: { doctors: 4 } })).toBe(false);
    expect(s.missedBefore({ epoch: 'b', ids: { doctors: 1 } })).toBe(true);
    expect(s.missedBefore({ epoch: 'b', ids: { doctors: 2 } })).toBe(false);
  });

  it('ignores late or repeated numbers and rooms the client is not in', () => {
    const s = following(['pharmacy:3']);
    s.missedBefore({ epoch: 'a', ids: { 'pharmacy:3': 5, 'customer:9': 1 } });
    expect(s.missedBefore({ epoch: 'a', ids: { 'pharmacy:3': 5 } })).toBe(false);
    expect(s.missedBefore({ epoch: 'a', ids: { 'pharmacy:3': 4 } })).toBe(false);
    expect(s.missedBefore({ epoch: 'a', ids: { 'pharmacy:3': 6, 'customer:9': 7 } })).toBe(false);
  });

  it('starts over after reset and ignores pushes without numbers', () => {
    const s = following(['doctors']);
    s.missedBefore({ epoch: 'a', ids: { doctors: 1 } });
    s.reset();
    expect(s.missedBefore({ epoch: 'a', ids: { doctors: 9 } })).toBe(false);
    expect(s.missedBefore(undefined)).toBe(false);
    expect(s.missedBefore('1700000000000-0')).toBe(false);
  });
});
