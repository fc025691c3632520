/**
 * Payloads of the doctor's REST contract (SPEC sections 3 and 7, Doctor): the order as a
 * doctor sees it, the queue, decisions, the completed-orders history and the notice form.
 */
import type { Decision, DeliveryOptionId, ItemType, OrderStatus, Patient, PharmacyData } from './api-types.js';
import type { ChatEntry } from './questionnaires.js';

/** One prescription of an order, as the doctor sees it. */
export interface DoctorPrescription {
  id: number;
  type: ItemType;
  productId: number | null;
  /** Medicine name with strength (renewals) or the topic's name (new-prescription requests). */
  displayName: string;
  format: string;
  /** The patient's or pharmacist's reason / additional information. */
  reason: string;
  /** Topic of a new-prescription request (e.g. 'allergy'), else null. */
  medicalProblem: string | null;
  /** The questionnaire record of a new-prescription request: [{text, type: 'question' | 'answer'}]. */
  chat: ChatEntry[] | null;
  /** Requests: false when the chat came without step numbers, so the server could not check it against the questionnaire (the doctor reads it with care); null otherwise. */
  chatVerified: boolean | null;
  decision: Decision;
  reasonForDecision: string;
  /** ISO time of the last decision, or null. */
  decisionTime: string | null;
  priceCents: number;
  /** 'YYYY-MM-DD' (approved renewals, set on delivery), else null. */
  renewableTill: string | null;
  /** The single-use coupon code given with 'rejected-with-coupon', else null. */
  couponCode: string | null;
}

export interface DoctorName {
  firstName: string;
  lastName: string;
}

/** An order on the doctor's side (SPEC section 3, "Order (doctor side)"). */
export interface DoctorOrder {
  id: number;
  /** The order number shown to users (the same as id). */
  orderId: number;
  source: 'customer' | 'pharmacy';
  patient: Patient;
  prescriptions: DoctorPrescription[];
  /** ISO time the current doctor picked it, or null while waiting. */
  processingStartTime: string | null;
  /** ISO deadline. */
  deliveryBeforeTime: string;
  deliveryStatus: OrderStatus;
  deliveryOptionId: DeliveryOptionId;
  /** ISO time it was delivered, or null. */
  deliveryTime: string | null;
  /** ISO time it was sent to the queue. */
  created: string;
  doctor: DoctorName | null;
  /** Pharmacy orders: who sent it. */
  pharmacyData: PharmacyData | null;
}

/** A waiting order in GET /order/queue: no patient data. */
export interface QueueOrder {
  id: number;
  orderId: number;
  source: 'customer' | 'pharmacy';
  deliveryOptionId: DeliveryOptionId;
  deliveryBeforeTime: string;
  created: string;
  itemCount: number;
}

export interface ProcessItemRequest {
  decision: Decision;
  reasonForDecision?: string;
}

export type HistorySortOrder = 'newest' | 'oldest' | 'name-asc' | 'name-desc';
export const HISTORY_SORT_ORDERS: readonly HistorySortOrder[] = ['newest', 'oldest', 'name-asc', 'name-desc'];
export const DEFAULT_HISTORY_SORT: HistorySortOrder = 'newest';

/** Completed-orders page size (SPEC section 9); the first request's offset is this value. */
export const HISTORY_PAGE_SIZE = 30;
export const HISTORY_FILTER_MAX = 100;

/**
 * POST /history. `offset` is the END of the requested page (SPEC: "initial offset 30"):
 * offset 30 returns rows 0–29, offset 60 rows 30–59.
 */
/** POST /get-history-data-for-search (null counts as not given). */
export interface HistoryRequest {
  filter?: string | null;
  sortOrder?: HistorySortOrder | null;
  offset?: number | null;
}

export interface HistoryResponse {
  data: DoctorOrder[];
  /** How many orders match the filter in total. */
  count: number;
}

/** The page of rows an end-offset asks for: [start, end). */
export function historyPageRange(offset: number, pageSize = HISTORY_PAGE_SIZE): { start: number; end: number } {
  const end = Math.max(pageSize, Math.floor(offset));
  return { start: end - pageSize, end };
}

/** POST /set-pharmacy-message. */
export interface PharmacyMessageRequest {
  id?: number | null;
  header: string;
  additionalDetails: string;
  status: 'published' | 'unpublished';
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
} as const;
