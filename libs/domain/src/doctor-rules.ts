/**
 * Rules of the doctor's side (SPEC sections 3 and 7, Doctor): history paging and sorting, notice limits
 * and the Finnish messages. The payloads are generated from docs/openapi (api-shapes.ts).
 */

export type HistorySortOrder = 'newest' | 'oldest' | 'name-asc' | 'name-desc';
export const HISTORY_SORT_ORDERS: readonly HistorySortOrder[] = ['newest', 'oldest', 'name-asc', 'name-desc'];
export const DEFAULT_HISTORY_SORT: HistorySortOrder = 'newest';

/** Completed-orders page size (SPEC section 9); the first request's offset is this value. */
export const HISTORY_PAGE_SIZE = 30;
export const HISTORY_FILTER_MAX = 100;

/** The page of rows an end-offset asks for: [start, end). */
export function historyPageRange(offset: number, pageSize = HISTORY_PAGE_SIZE): { start: number; end: number } {
  const end = Math.max(pageSize, Math.floor(offset));
  return { start: end - pageSize, end };
}

export const NOTICE_HEADER_MAX = 200;
export const NOTICE_DETAILS_MAX = 2000;

export const DOCTOR_MESSAGES = {
  noCurrentOrder: 'Sinulla ei ole käsittelyssä olevaa tilausta.',
  itemNotFound: 'Reseptiä ei löydy.',
  itemNotInCurrentOrder: 'Resepti ei kuulu käsittelemääsi tilaukseen.',
  undecidedItems: 'Tilausta ei voi lähettää: kaikista resepteistä ei ole vielä tehty päätöstä.',
  orderNotFound: 'Tilausta ei löydy.',
  orderNotProcessing: 'Tilaus ei ole käsittelyssä, joten sitä ei voi palauttaa jonoon.',
  couponOnlyForCustomers: 'Kupongin voi antaa vain asiakkaan omalle tilaukselle, ei apteekin tilaukselle.',
  invalidDecision: 'Päätöksen pitää olla yksi seuraavista: approved, rejected, rejected-with-coupon, undecided.',
  ePrescriptionNotFound: 'Reseptillä ei ole Kanta-palveluun tallennettavaa reseptiä.',
  ePrescriptionNotFailed: 'Reseptin tallennus Kanta-palveluun ei ole epäonnistunut, joten sitä ei lähetetä uudelleen.',
} as const;
