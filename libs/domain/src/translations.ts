/**
 * Swedish and English of the texts both sides share: the patient's status texts, the messages the
 * API sends to patients (validation, login, cart, payment) and the text messages. Finnish stays the
 * source (SPEC.md, exactly): a message is looked up by its Finnish text, the way gettext uses the
 * source text as the key, so the API keeps throwing its Finnish constants and the answer is
 * translated once, where it is written (the HTTP exception filter). A message without a
 * translation stays Finnish. The terms follow the glossary of docs/i18n.md.
 */
import { CUSTOMER_MESSAGES } from './customer-api.js';
import type { Language } from './language.js';
import { MESSAGES } from './messages.js';
import { patientStatusKey, renewableTillText, STATUS_TEXTS, type StatusTextItem } from './status.js';
import { helsinkiParts } from './time.js';
import { VALIDATION_MESSAGES } from './validation.js';

type Translated = Exclude<Language, 'fi'>;
type StatusTexts = Record<keyof typeof STATUS_TEXTS, string>;

/** The status lines of a patient's prescription card (SPEC section 4) in each language. */
export const STATUS_TRANSLATIONS: Readonly<Record<Translated, StatusTexts>> = {
  sv: {
    selectedForRenewal: 'Vald för förnyelse',
    prescriptionRequest: 'Receptbegäran',
    waiting: 'Väntar på behandling',
    approved: 'Godkänd',
    prescriptionGranted: 'Recept utfärdat',
    renewable: 'Kan förnyas',
    renewed: 'Receptet förnyat',
    rejected: 'Avslagen',
    prescriptionRejected: 'Receptbegäran avslagen',
    renewalRejected: 'Avslagen - kan inte förnyas',
    approvalInfo: 'Mer information om godkännandet',
  },
  en: {
    selectedForRenewal: 'Selected for renewal',
    prescriptionRequest: 'Prescription request',
    waiting: 'Awaiting review',
    approved: 'Approved',
    prescriptionGranted: 'Prescription issued',
    renewable: 'Renewable',
    renewed: 'Prescription renewed',
    rejected: 'Rejected',
    prescriptionRejected: 'Prescription request rejected',
    renewalRejected: 'Rejected - not renewable',
    approvalInfo: 'More about the approval',
  },
};

const V = VALIDATION_MESSAGES;
const C = CUSTOMER_MESSAGES;

/** [Finnish, Swedish, English]: what the customer screens show from the API and the shared rules. */
const MESSAGE_ROWS: ReadonlyArray<readonly [string, string, string]> = [
  // Login and session
  [MESSAGES.loginFailed, 'Felaktiga inloggningsuppgifter. Försök igen', 'Incorrect login details. Please try again'],
  [MESSAGES.unauthorized, 'Logga in på nytt', 'Please log in again'],
  [MESSAGES.forbidden, 'Du har inte behörighet till den här åtgärden', 'You are not allowed to do this'],
  [MESSAGES.hetuInvalid, 'Kontrollera personbeteckningen', 'Check the personal identity code'],
  // Validation
  [V.passwordTooShort, 'Lösenordet måste vara minst åtta tecken långt.', 'The password must be at least eight characters long.'],
  [V.passwordComposition, 'Lösenordet måste innehålla minst en liten bokstav, en stor bokstav och en siffra.', 'The password must contain at least one lowercase letter, one uppercase letter and one digit.'],
  [V.passwordCommon, 'Lösenordet är för vanligt eller lätt att gissa (till exempel ett vanligt ord och siffror). Välj ett annat lösenord.', 'The password is too common or easy to guess (for example a common word and digits). Choose another password.'],
  [V.passwordsDoNotMatch, 'Lösenorden stämmer inte överens.', 'The passwords do not match.'],
  [V.passwordFormatInvalid, 'Lösenordets format godkänns inte', 'The password format is not accepted'],
  [V.passwordsDoNotMatchChange, 'Lösenorden motsvarar inte varandra', 'The passwords do not match each other'],
  [V.emailInvalid, 'E-postadressens format är felaktigt.', 'The e-mail address format is invalid.'],
  [V.phoneInvalid, 'Telefonnumrets format är felaktigt.', 'The phone number format is invalid.'],
  [V.campaignCodeNotFound, 'Kampanjkoden hittades inte', 'Campaign code not found'],
  [V.termsRequired, 'Du måste godkänna användarvillkoren.', 'You must accept the terms of use.'],
  [V.eulaVersionInvalid, 'Användarvillkorens version godkänns inte.', 'The version of the terms of use is not accepted.'],
  [V.emailTaken, 'E-postadressen används redan.', 'The e-mail address is already in use.'],
  [V.alreadyRegistered, 'Det finns redan ett konto för personbeteckningen. Logga in eller byt lösenord genom att identifiera dig.', 'An account already exists for this personal identity code. Log in, or change your password by identifying yourself.'],
  [V.notRegistered, 'Det finns inget konto för personbeteckningen. Skapa ett konto först.', 'There is no account for this personal identity code. Create an account first.'],
  [V.identificationMissing, 'Identifieringen saknas eller har gått ut. Identifiera dig på nytt.', 'The identification is missing or has expired. Please identify yourself again.'],
  [V.currentPasswordMissing, 'Ange ditt nuvarande lösenord.', 'Enter your current password.'],
  [V.currentPasswordWrong, 'Det nuvarande lösenordet är fel.', 'The current password is wrong.'],
  [V.passwordForEmailChange, 'Bekräfta bytet av e-postadress med ditt nuvarande lösenord.', 'Confirm the change of e-mail address with your current password.'],
  // Cart, chat and feedback
  [C.medicineNotFound, 'Läkemedlet hittades inte', 'The medicine was not found'],
  [C.topicNotOffered, 'Ämnet kan inte väljas.', 'This topic cannot be chosen.'],
  [C.questionnaireRejected, 'Utifrån svaren på frågorna kan du inte ansöka om recept via tjänsten.', 'Based on your answers, a prescription cannot be requested through the service.'],
  [C.cartEmpty, 'Varukorgen är tom.', 'The basket is empty.'],
  [C.chatInvalid, 'Samtalet motsvarar inte frågorna i enkäten.', 'The conversation does not match the questions of the questionnaire.'],
  [C.cartItemNotFound, 'Receptet finns inte i varukorgen.', 'The prescription is not in the basket.'],
  [C.alreadyInCart, 'Läkemedlet finns redan i varukorgen.', 'The medicine is already in the basket.'],
  [C.feedbackScore, 'Ge ett betyg från en till fem stjärnor.', 'Give a rating from one to five stars.'],
  [C.feedbackTooLong, 'Responsen får vara högst 2000 tecken.', 'Feedback can be at most 2000 characters.'],
  [C.feedbackGiven, 'Du har redan gett respons på den här beställningen.', 'You have already given feedback on this order.'],
  [C.orderNotFound, 'Beställningen hittades inte.', 'The order was not found.'],
  // Payment
  [C.paymentDeclined, 'Kortbetalningen avvisades. Kontrollera kortuppgifterna eller använd ett annat kort.', 'The card payment was declined. Check the card details or use another card.'],
  [C.checkoutExpired, 'Betalningssessionen har gått ut. Gå tillbaka till varukorgen och gå till kassan på nytt.', 'The payment session has expired. Go back to the basket and proceed to checkout again.'],
  [C.checkoutNotFound, 'Betalningssessionen hittades inte.', 'The payment session was not found.'],
  [C.paymentUnavailable, 'Ingen kontakt med betaltjänsten. Försök igen om en stund.', 'The payment service could not be reached. Please try again in a moment.'],
  [C.cardNumberInvalid, 'Kortnumret är felaktigt.', 'The card number is invalid.'],
  [C.cardExpiryInvalid, 'Giltighetstiden är felaktig: ange månad och år i formatet MM/ÅÅ.', 'The expiry date is invalid: enter the month and year as MM/YY.'],
  [C.cardExpired, 'Kortet har gått ut.', 'The card has expired.'],
  [C.cardCvcInvalid, 'Säkerhetskoden (CVC) är 3 eller 4 siffror.', 'The security code (CVC) is 3 or 4 digits.'],
  [C.testCardsOnly, 'Testkassan godkänner bara testkort, till exempel 4242 4242 4242 4242.', 'The test checkout accepts only test cards, for example 4242 4242 4242 4242.'],
  [C.paymentInProgress, 'Betalningen behandlas redan i ett annat fönster. Vänta en stund och se din beställning på sidan Recept.', 'The payment is already being processed in another window. Wait a moment and see your order on the Prescriptions page.'],
  [C.alreadyPaid, 'Den här beställningen är redan betald.', 'This order has already been paid.'],
  [C.paymentRefunded, 'Betalningen kunde inte kopplas till beställningen eftersom varukorgen eller kampanjkoden ändrades under betalningen. Betalningen återbetalas till ditt kort. Kontrollera varukorgen och betala på nytt.', 'The payment could not be attached to the order because the basket or campaign code changed during the payment. The payment will be refunded to your card. Check the basket and pay again.'],
  [C.couponUsedUp, 'Kampanjkoden hann ta slut. Kontrollera priset i varukorgen och gå till kassan på nytt.', 'The campaign code ran out. Check the basket price and proceed to checkout again.'],
  // Generic answers of the exception filter
  ['Pyynnön JSON on virheellinen', 'Begärans JSON är ogiltig', 'The request JSON is invalid'],
  ['Virheellinen syöte', 'Ogiltig inmatning', 'Invalid input'],
  ['Palvelussa tapahtui virhe', 'Ett fel inträffade i tjänsten', 'An error occurred in the service'],
];

const BY_FINNISH: Readonly<Record<Translated, ReadonlyMap<string, string>>> = {
  sv: new Map(MESSAGE_ROWS.map(([fi, sv]) => [fi, sv])),
  en: new Map(MESSAGE_ROWS.map(([fi, , en]) => [fi, en])),
};

/**
 * A Finnish message in `language` (the Finnish itself for 'fi' or when it has no translation yet).
 * More rows can be added to MESSAGE_ROWS, or given here (e.g. the API's own constants).
 */
export function translateMessage(finnish: string, language: Language): string {
  if (language === 'fi') return finnish;
  return BY_FINNISH[language].get(finnish) ?? finnish;
}

/** Adds rows kept outside this library (the API's own messages) to the same lookup. */
export function addMessageTranslations(rows: ReadonlyArray<readonly [string, string, string]>): void {
  for (const [fi, sv, en] of rows) {
    (BY_FINNISH.sv as Map<string, string>).set(fi, sv);
    (BY_FINNISH.en as Map<string, string>).set(fi, en);
  }
}

/** A patient's status line in `language` (patientStatusText is the Finnish one). */
export function patientStatusTextIn(item: StatusTextItem, language: Language): string {
  const key = patientStatusKey(item);
  return language === 'fi' ? STATUS_TEXTS[key] : STATUS_TRANSLATIONS[language][key];
}

/** 'Uusittavissa 11/2028 asti', 'Kan förnyas till 11/2028', 'Renewable until 11/2028'. */
export function renewableTillTextIn(d: Date | string, language: Language): string {
  if (language === 'fi') return renewableTillText(d);
  const p = helsinkiParts(d);
  return `${STATUS_TRANSLATIONS[language].renewable} ${language === 'sv' ? 'till' : 'until'} ${p.month}/${p.year}`;
}

/** Every message translation of `language`, Finnish text → translation (the web loads it with its catalogs). */
export function messageTable(language: Translated): Record<string, string> {
  return Object.fromEntries(BY_FINNISH[language]);
}
