/**
 * Payloads of the pharmacy's side of the REST contract (SPEC section 7, Pharmacy) and the
 * Finnish messages the server answers with. The API maps its entities to these; the web reads them.
 */
import type { Decision, DeliveryOptionId, ItemType, OrderStatus, Patient, PharmacyUserInfo } from './api-types.js';

/** GET /delivery-options: a pharmacy handling option with its Finnish label and prices in cents. */
export interface DeliveryOptionDto {
  id: DeliveryOptionId;
  label: string;
  description: string;
  firstItemCents: number;
  nextItemCents: number;
}

/** One medicine in the pharmacist's cart (always a renewal). */
export interface PharmacyCartItem {
  id: number;
  type: ItemType;
  productId: number;
  displayName: string;
  format: string;
  /** The pharmacist's optional additional information for the doctor. */
  reason: string;
}

/**
 * GET /pharmacy-user-shopping-cart: the pharmacist's cart, chosen option and the current patient
 * (one record per pharmacy user: every session of the user shares it; pushed as cart:updated).
 */
export interface PharmacyCart {
  items: PharmacyCartItem[];
  deliveryOptionId: DeliveryOptionId | null;
  /** The patient given with POST /patient-info, until the order is sent or the cart cleared. */
  patient: Patient | null;
  /** Handling price of the cart with the chosen option (0 without an option or items). */
  totalPriceCents: number;
}

/** POST /pharmacy-shopping-cart/item */
export interface AddPharmacyCartItemRequest {
  type: 'renewal';
  productId: number;
  reason?: string;
  /** The hetu of the patient the screen shows: 409 when the cart's patient is another one. */
  patientHetu?: string;
  /** Accepted for compatibility; the server fills the authoritative pharmacy data itself. */
  pharmacyData?: unknown;
}

/** POST /pharmacy-shopping-cart/send (the body is optional, as in SPEC; the web always names the patient). */
export interface PharmacySendRequest {
  /** The hetu of the patient the screen shows: 409 when the cart's patient is another one. */
  patientHetu?: string;
}

/** POST /pharmacy-shopping-cart/send */
export interface PharmacySendResult {
  orderId: number;
  deliveryBeforeTime: string;
  priceCents: number;
}

export interface PharmacyOrderPrescription {
  id: number;
  displayName: string;
  format: string;
  reason: string;
  /** 'undecided' until the order is delivered. */
  decision: Decision;
  /** Empty until the order is delivered. */
  reasonForDecision: string;
  pharmacyChecked: boolean;
}

/** One order on the pharmacy's lists (Reseptilista and Historia). */
export interface PharmacyOrder {
  orderId: number;
  patient: Patient;
  deliveryStatus: OrderStatus;
  /** When the doctor delivered the order (ISO), or null. */
  deliveryTime: string | null;
  /** The deadline the doctor must meet (ISO). */
  deliveryBeforeTime: string;
  deliveryOptionId: DeliveryOptionId;
  /** When the order was sent (ISO). */
  created: string;
  officeId: number | null;
  pharmacist: string;
  prescriptions: PharmacyOrderPrescription[];
}

/** GET /pharmacy-order-history/history?offset=&limit= */
export interface PharmacyOrderPage {
  data: PharmacyOrder[];
  /** All of the pharmacy's orders. */
  count: number;
  offset: number;
  limit: number;
}

export const PHARMACY_HISTORY_PAGE_SIZE = 30;

/**
 * The card as Reseptilista shows it, or null when it is not on the list: Reseptilista holds the
 * office's orders with prescriptions not yet checked by the pharmacy, and shows only those. The
 * API's list and the web's live update of the list both follow this rule.
 */
export function reseptilistaCard(card: PharmacyOrder, officeId: number | null): PharmacyOrder | null {
  const prescriptions = card.prescriptions.filter((p) => !p.pharmacyChecked);
  return card.officeId === officeId && prescriptions.length > 0 ? { ...card, prescriptions } : null;
}
export const PHARMACY_HISTORY_MAX_PAGE_SIZE = 100;
/** Reseptilista's cards per read (the newest first): the screen shows 30 and asks for more. */
export const PHARMACY_ACTIVE_MAX_LIMIT = 1000;

/** GET /get-pharmacy-user-message-status */
export interface MessageStatus {
  /** True when this pharmacy user has marked the published notice as read. */
  checked: boolean;
  /** False when no notice is published. */
  published: boolean;
}

/**
 * GET /list-users: a user of the admin's pharmacy (never with a password hash). `mfaEnabled`
 * (in the list): whether the user signs in with TOTP, which the admin can reset.
 */
export type PharmacyUserListEntry = Omit<PharmacyUserInfo, 'pharmacyName' | 'officeCount' | 'sessionIdleMinutes'> & { mfaEnabled?: boolean };

/** GET /check-username/{name} */
export interface UsernameCheck {
  usernameExists: boolean;
}

/** POST /create-pharmacy-user */
export interface NewPharmacyUserRequest {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
}

/** POST /update-pharmacy-user (an empty or missing password keeps the old one). */
export interface UpdatePharmacyUserRequest {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  password?: string;
}

/** DELETE /delete-pharmacy-user */
export interface DeletePharmacyUserRequest {
  username: string;
}

/** Longest additional-information text the pharmacist may send with a medicine. */
export const PHARMACY_REASON_MAX_LENGTH = 1000;
/** Most medicines in one pharmacy order. */
export const PHARMACY_CART_MAX_ITEMS = 20;

/** The pharmacy endpoints' own Finnish error messages. */
export const PHARMACY_MESSAGES = {
  officeNotSelected: 'Valitse ensin toimipaikka',
  officeNotYours: 'Toimipaikka ei kuulu sinulle',
  patientMissing: 'Anna ensin potilaan henkilötiedot',
  patientChanged: 'Potilas on vaihtunut toisessa istunnossa. Tarkista potilas ja lääkkeet ennen kuin jatkat.',
  cartEmpty: 'Tilauksessa ei ole yhtään lääkettä',
  cartFull: 'Tilauksessa voi olla enintään 20 lääkettä',
  deliveryOptionMissing: 'Valitse käsittelyaika',
  deliveryOptionInvalid: 'Tuntematon käsittelyaika',
  itemTypeInvalid: 'Apteekki voi tilata vain reseptien uusintoja',
  productNotFound: 'Hakemaasi lääkettä ei löydy',
  productNotRenewable: 'Huumausaineita ja PKV-lääkkeitä ei voi uusia palvelun kautta',
  productAlreadyInCart: 'Lääke on jo tilauksessa',
  reasonTooLong: 'Lisätieto saa olla enintään 1000 merkkiä pitkä',
  nameTooLong: 'Nimi saa olla enintään 100 merkkiä pitkä',
  prescriptionNotFound: 'Reseptiä ei löydy',
  prescriptionUndecided: 'Reseptiä ei ole vielä käsitelty',
  prescriptionAlreadyChecked: 'Resepti on jo poistettu listalta',
  messageNotFound: 'Viestiä ei löydy',
  userNotFound: 'Käyttäjää ei löydy',
  userOfOtherPharmacy: 'Käyttäjä ei kuulu apteekkiisi',
  adminNotDeletable: 'Järjestelmänvalvojan käyttäjätunnusta ei voi poistaa',
  adminNotEditable: 'Toisen järjestelmänvalvojan tietoja ei voi muuttaa',
} as const;
