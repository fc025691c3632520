/**
 * Rules of the pharmacy's side (SPEC section 7, Pharmacy): Reseptilista, paging and cart limits and the
 * Finnish messages. The payloads are generated from docs/openapi (api-shapes.ts).
 */
import type { PharmacyOrder } from './api-shapes.js';

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
