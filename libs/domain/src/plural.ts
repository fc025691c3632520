/**
 * Finnish counts with the right noun form: the nominative singular after 1 ('1 tilaus'),
 * the partitive singular after every other number ('0 tilausta', '2 tilausta', '21 tilausta':
 * Finnish, unlike some languages, uses the singular nominative only for exactly one).
 */
export interface FinnishNoun {
  /** Nominative singular: '1 tilaus'. */
  one: string;
  /** Partitive singular: '2 tilausta'. */
  other: string;
}

export const NOUNS = {
  order: { one: 'tilaus', other: 'tilausta' },
  prescription: { one: 'resepti', other: 'reseptiä' },
  medicine: { one: 'lääke', other: 'lääkettä' },
} as const satisfies Record<string, FinnishNoun>;

/** The noun form that goes with `n`. */
export function pluralFi(n: number, noun: FinnishNoun): string {
  return Math.abs(n) === 1 ? noun.one : noun.other;
}

/** '1 tilaus', '2 tilausta', '1 234 tilausta' (Finnish digit grouping). */
export function countFi(n: number, noun: FinnishNoun): string {
  return `${n.toLocaleString('fi-FI')} ${pluralFi(n, noun)}`;
}
