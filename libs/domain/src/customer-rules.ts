/**
 * Rules of the customer's side (SPEC section 7, Customer): chat and cart limits, test cards, coupon
 * arithmetic and the Finnish messages. The payloads are generated from docs/openapi (api-shapes.ts).
 */
import { PHARMACY_MESSAGES } from './pharmacy-rules.js';
import { VALIDATION_MESSAGES } from './validation.js';

/** Bounds of a chat the server accepts (400 beyond them). */
export const CUSTOMER_CHAT_LIMITS = { maxItems: 80, maxTextLength: 2000, maxReasonLength: 1000, maxCartItems: 10 } as const;

/**
 * Why a paid checkout did not become an order; its payment is returned. not-open: the checkout had
 * ended (another checkout, a cart change); expired: paid after its time; amount-mismatch: another
 * amount or currency than the checkout's; cart-changed: the cart is not the one the checkout was
 * opened on; coupon-used-up: the code reached its cap meanwhile; wrong-customer: the payment names
 * another customer; second-payment: a checkout that was paid already.
 */
export type PaymentRefusal = 'not-open' | 'expired' | 'amount-mismatch' | 'cart-changed' | 'coupon-used-up' | 'wrong-customer' | 'second-payment';

/** The embedded checkout's card numbers (Stripe's test cards), shown on its page. */
export const TEST_CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** Finnish messages of the customer's API. */
export const CUSTOMER_MESSAGES = {
  couponNotFound: VALIDATION_MESSAGES.campaignCodeNotFound,
  medicineNotFound: PHARMACY_MESSAGES.productNotFound,
  notRenewable: PHARMACY_MESSAGES.productNotRenewable,
  topicNotOffered: 'Aihe ei ole valittavissa.',
  questionnaireRejected: 'Kyselyn vastausten perusteella reseptiä ei voi hakea palvelun kautta.',
  cartEmpty: 'Ostoskori on tyhjä.',
  chatInvalid: 'Keskustelu ei vastaa kyselyn kysymyksiä.',
  cartItemNotFound: 'Reseptiä ei löytynyt ostoskorista.',
  alreadyInCart: 'Lääke on jo ostoskorissa.',
  cartFull: `Ostoskorissa voi olla enintään ${CUSTOMER_CHAT_LIMITS.maxCartItems} reseptiä.`,
  itemTypeInvalid: "Reseptin tyypin pitää olla 'renewal' tai 'prescription'.",
  renewalReasonRequired: 'Kirjoita lääkärille lyhyt perustelu.',
  feedbackQuestion: 'Miten onnistuimme? Kerro kokemuksestasi Resepti-palvelusta.',
  feedbackScore: 'Anna arvio yhdestä viiteen tähteen.',
  feedbackTooLong: 'Palaute saa olla enintään 2000 merkkiä.',
  feedbackGiven: 'Olet jo antanut palautteen tästä tilauksesta.',
  feedbackLimit: 'Palautetta voi antaa ilman tilausta enintään kolme kertaa vuorokaudessa. Yritä huomenna uudelleen.',
  orderNotFound: 'Tilausta ei löytynyt.',
  paymentDeclined: 'Korttimaksu hylättiin. Tarkista kortin tiedot tai käytä toista korttia.',
  checkoutExpired: 'Maksuistunto on vanhentunut. Palaa ostoskoriin ja siirry kassalle uudelleen.',
  checkoutNotFound: 'Maksuistuntoa ei löytynyt.',
  paymentUnavailable: 'Maksupalveluun ei saatu yhteyttä. Yritä hetken kuluttua uudelleen.',
  cardNumberInvalid: 'Kortin numero on virheellinen.',
  cardExpiryInvalid: 'Voimassaolo on virheellinen: anna kuukausi ja vuosi muodossa KK/VV.',
  cardExpired: 'Kortti on vanhentunut.',
  cardCvcInvalid: 'Turvakoodi (CVC) on 3 tai 4 numeroa.',
  testCardsOnly: 'Testikassa hyväksyy vain testikortit, esimerkiksi 4242 4242 4242 4242.',
  paymentTokenInvalid: "Maksutunniste on tuntematon: käytä testitunnistetta 'tok_visa' tai 'tok_chargeDeclined'.",
  paymentInProgress: 'Maksusi käsitellään. Tilauksesi näkyy Reseptit-sivulla heti, kun maksu on vahvistettu. Jos se ei näy, yritä uudelleen hetken kuluttua.',
  alreadyPaid: 'Tämä tilaus on jo maksettu.',
  paymentRefunded: 'Maksua ei voitu liittää tilaukseen, koska ostoskori tai kampanjakoodi muuttui maksun aikana. Maksu palautetaan kortillesi. Tarkista ostoskori ja maksa uudelleen.',
  couponUsedUp: 'Kampanjakoodi ehti loppua. Tarkista ostoskorin hinta ja siirry kassalle uudelleen.',
} as const;

/** The discount a coupon gives a cart of `totalCents`: a percentage rounded to the cent, or an amount; never more than the cart. */
export function couponDiscountCents(totalCents: number, coupon: { amountCents: number; percentOff: number | null }): number {
  const discount = coupon.percentOff !== null ? Math.round((totalCents * coupon.percentOff) / 100) : coupon.amountCents;
  return Math.max(0, Math.min(totalCents, discount));
}
