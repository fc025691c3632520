import { countFi, NOUNS, pluralFi } from './plural.js';

describe('Finnish counts', () => {
  it('uses the nominative after exactly one and the partitive otherwise', () => {
    expect(countFi(1, NOUNS.order)).toBe('1 tilaus');
    expect(countFi(0, NOUNS.order)).toBe('0 tilausta');
    expect(countFi(2, NOUNS.order)).toBe('2 tilausta');
    expect(countFi(21, NOUNS.order)).toBe('21 tilausta');
    expect(countFi(1, NOUNS.medicine)).toBe('1 lääke');
    expect(countFi(3, NOUNS.prescription)).toBe('3 reseptiä');
  });

  it('treats minus one like one', () => {
    expect(pluralFi(-1, NOUNS.order)).toBe('tilaus');
  });

  it('groups thousands the Finnish way', () => {
    // fi-FI groups with a no-break space
    expect(countFi(1234, NOUNS.order).replace(/\s/gu, ' ')).toBe('1 234 tilausta');
  });
});
