/**
 * Swedish and English of the texts both sides share: the patient's status texts, the messages the
 * API sends to patients (validation, login, cart, payment) and the text messages. Finnish stays the
 * source (SPEC.md, exactly): a message is looked up by its Finnish text, the way gettext uses the
 * source text as the key, so the API keeps throwing its Finnish constants and the answer is
 * translated once, where it is written (the HTTP exception filter). A message without a
 * translation stays Finnish. The terms follow the glossary of docs/i18n.md.
 */
import { CUSTOMER_CHAT_LIMITS, CUSTOMER_MESSAGES } from './customer-rules.js';
import type { Language } from './language.js';
import { MESSAGES } from './messages.js';
import { QUESTIONNAIRE_ACCEPTANCE_TEXT, QUESTIONNAIRE_ORDER_CONFIRM, QUESTIONNAIRE_REJECTION_TEXT, TOPICS } from './questionnaires.js';
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
  [V.passwordForAccountClose, 'Bekräfta raderingen av kontot med ditt lösenord.', 'Confirm the deletion of your account with your password.'],
  [V.passwordTooLong, 'Lösenordet är för långt', 'The password is too long'],
  [V.passwordMissing, 'Lösenord saknas', 'The password is missing'],
  [V.emailMissing, 'E-postadress saknas', 'The e-mail address is missing'],
  [V.emailTooLong, 'E-postadressen är för lång', 'The e-mail address is too long'],
  // Cart, chat and feedback
  [C.notRenewable, 'Narkotika och PKV-läkemedel kan inte förnyas via tjänsten', 'Narcotics and PKV medicines cannot be renewed through the service'],
  [C.cartFull, `Varukorgen kan innehålla högst ${CUSTOMER_CHAT_LIMITS.maxCartItems} recept.`, `The basket can hold at most ${CUSTOMER_CHAT_LIMITS.maxCartItems} prescriptions.`],
  [C.itemTypeInvalid, "Receptets typ ska vara 'renewal' eller 'prescription'.", "The prescription type must be 'renewal' or 'prescription'."],
  [C.renewalReasonRequired, 'Skriv en kort motivering till läkaren.', 'Write a short reason for the doctor.'],
  [C.feedbackQuestion, 'Hur lyckades vi? Berätta om din upplevelse av tjänsten Resepti.', 'How did we do? Tell us about your experience of the Resepti service.'],
  [C.feedbackLimit, 'Respons utan beställning kan ges högst tre gånger per dygn. Försök igen i morgon.', 'Feedback without an order can be given at most three times a day. Please try again tomorrow.'],
  [C.paymentTokenInvalid, "Betalningsidentifieraren är okänd: använd testidentifieraren 'tok_visa' eller 'tok_chargeDeclined'.", "The payment token is unknown: use the test token 'tok_visa' or 'tok_chargeDeclined'."],
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
  [C.paymentInProgress, 'Din betalning behandlas. Beställningen visas på sidan Recept så snart betalningen har bekräftats. Om den inte visas, försök igen om en stund.', 'Your payment is being processed. Your order appears on the Prescriptions page as soon as the payment is confirmed. If it does not, try again in a moment.'],
  [C.alreadyPaid, 'Den här beställningen är redan betald.', 'This order has already been paid.'],
  [C.paymentRefunded, 'Betalningen kunde inte kopplas till beställningen eftersom varukorgen eller kampanjkoden ändrades under betalningen. Betalningen återbetalas till ditt kort. Kontrollera varukorgen och betala på nytt.', 'The payment could not be attached to the order because the basket or campaign code changed during the payment. The payment will be refunded to your card. Check the basket and pay again.'],
  [C.couponUsedUp, 'Kampanjkoden hann ta slut. Kontrollera priset i varukorgen och gå till kassan på nytt.', 'The campaign code ran out. Check the basket price and proceed to checkout again.'],
  // Generic answers of the exception filter
  ['Pyynnön JSON on virheellinen', 'Begärans JSON är ogiltig', 'The request JSON is invalid'],
  ['Virheellinen syöte', 'Ogiltig inmatning', 'Invalid input'],
  ['Virheellinen pyyntö', 'Ogiltig begäran', 'Invalid request'],
  ['Pyyntö on liian suuri', 'Begäran är för stor', 'The request is too large'],
  ['Pyynnön runko puuttuu tai on virheellinen', 'Begärans innehåll saknas eller är ogiltigt', 'The request body is missing or invalid'],
  ['Palvelussa tapahtui virhe', 'Ett fel inträffade i tjänsten', 'An error occurred in the service'],
];

/**
 * [Finnish, Swedish, English] of the new-prescription questionnaires (SPEC section 4): what the
 * patient reads and picks. The chat record sent with the request keeps the Finnish source texts
 * (the server replays the path against them and the doctor reads Finnish); only the screen shows
 * these. Reviewed against the glossary (docs/i18n.md): plain words a patient uses, the medicines'
 * names as they are sold in Finland.
 */
const QUESTIONNAIRE_ROWS: ReadonlyArray<readonly [string, string, string]> = [
  [TOPICS[0].name, 'Erektionsstörning', 'Erectile dysfunction'],
  [TOPICS[1].name, 'Allergi', 'Allergy'],
  [TOPICS[2].name, 'Urinvägsinfektion', 'Urinary tract infection'],
  [QUESTIONNAIRE_REJECTION_TEXT, 'Utifrån de uppgifter du har gett kan behandlingen tyvärr inte ordineras via tjänsten. Kontakta din egen läkare för fortsatta undersökningar.', 'Based on the information you gave, the treatment unfortunately cannot be prescribed through the service. Please contact your own doctor for further examination.'],
  [QUESTIONNAIRE_ACCEPTANCE_TEXT, 'Utifrån de uppgifter du har gett kan din receptbegäran förmedlas till tjänstens läkare, som fattar det slutliga beslutet om receptet.\nVill du ansöka om recept?', "Based on the information you gave, your prescription request can be passed on to the service's doctor, who makes the final decision on the prescription.\nWould you like to request a prescription?"],
  [QUESTIONNAIRE_ORDER_CONFIRM, 'Ja, vi ansöker om recept', 'Yes, request the prescription'],
  ['Kyllä', 'Ja', 'Yes'],
  ['Ei', 'Nej', 'No'],
  ['En', 'Nej', 'No'],
  // Erectile dysfunction
  ['Onko erektiohäiriösi syitä tutkittu aiemmin lääkärin vastaanotolla?', 'Har orsakerna till din erektionsstörning tidigare utretts hos läkare?', 'Have the causes of your erectile dysfunction been examined by a doctor before?'],
  ['Onko terveydentilassasi tapahtunut muutoksia tutkimusten jälkeen?\nEsimerkiksi sydämeen tai verenkiertoon liittyviä oireita, kuten rintakipua, hengenahdistusta tai rytmihäiriöitä.', 'Har ditt hälsotillstånd förändrats efter undersökningarna?\nTill exempel symtom från hjärtat eller blodcirkulationen, såsom bröstsmärta, andnöd eller rytmstörningar.', 'Has your health changed since the examinations?\nFor example symptoms related to the heart or circulation, such as chest pain, shortness of breath or an irregular heartbeat.'],
  ['Käytätkö nitraattilääkkeitä?\nEsimerkiksi nitroglyseriini (Nitro), isosorbidimononitraatti (Imdur, Ismo) tai isosorbididinitraatti.', 'Använder du nitratläkemedel?\nTill exempel nitroglycerin (Nitro), isosorbidmononitrat (Imdur, Ismo) eller isosorbiddinitrat.', 'Do you use nitrate medicines?\nFor example nitroglycerin (Nitro), isosorbide mononitrate (Imdur, Ismo) or isosorbide dinitrate.'],
  ['Alkoivatko oireet vähitellen?', 'Började symtomen gradvis?', 'Did the symptoms start gradually?'],
  ['Ovatko oireet jatkuvia?', 'Är symtomen ihållande?', 'Are the symptoms constant?'],
  ['Onko sinulla aamuerektioita?', 'Har du morgonerektioner?', 'Do you have morning erections?'],
  ['Esiintyykö erektio-ongelma myös itsetyydytyksen aikana?', 'Förekommer erektionsproblemet även vid onani?', 'Does the erection problem also occur during masturbation?'],
  ['Oletko viime aikoina ollut tavallista stressaantuneempi?', 'Har du på sistone varit mer stressad än vanligt?', 'Have you recently been more stressed than usual?'],
  ['Onko sinulla todettu yleissairauksia?', 'Har du diagnostiserats med några allmänsjukdomar?', 'Have you been diagnosed with any general illnesses?'],
  ['Onko terveydentilassasi tapahtunut viime aikoina muutoksia?\nEsimerkiksi sydänoireita, rasituksessa ilmenevää kipua tai uusia lääkityksiä.', 'Har ditt hälsotillstånd förändrats på sistone?\nTill exempel hjärtsymtom, smärta vid ansträngning eller nya läkemedel.', 'Has your health changed recently?\nFor example heart symptoms, pain on exertion or new medication.'],
  ['Mitä seuraavista sairauksista sinulla on todettu? Valitse kaikki sopivat.', 'Vilka av följande sjukdomar har du diagnostiserats med? Välj alla som stämmer.', 'Which of the following illnesses have you been diagnosed with? Choose all that apply.'],
  ['Diabetes', 'Diabetes', 'Diabetes'],
  ['Verenpainetauti', 'Högt blodtryck', 'High blood pressure'],
  ['Lihavuus', 'Fetma', 'Obesity'],
  ['Korkea kolesteroli', 'Högt kolesterol', 'High cholesterol'],
  ['Sydän- ja verisuonitauti', 'Hjärt- och kärlsjukdom', 'Cardiovascular disease'],
  ['Ovatko sairautesi hyvässä hoitotasapainossa?', 'Är dina sjukdomar väl behandlade och i god balans?', 'Are your illnesses well treated and under control?'],
  // Allergy
  ['Missä allergiaoireesi ilmenevät?', 'Var uppträder dina allergisymtom?', 'Where do your allergy symptoms appear?'],
  ['Nenässä', 'I näsan', 'In the nose'],
  ['Silmissä', 'I ögonen', 'In the eyes'],
  ['Sekä nenässä että silmissä', 'Både i näsan och i ögonen', 'Both in the nose and in the eyes'],
  ['Ovatko oireesi kausiluonteisia vai ympärivuotisia?', 'Är dina symtom säsongsbundna eller året runt?', 'Are your symptoms seasonal or all year round?'],
  ['Kausiluonteisia', 'Säsongsbundna', 'Seasonal'],
  ['Ympärivuotisia', 'Året runt', 'All year round'],
  ['Mille olet allerginen?', 'Vad är du allergisk mot?', 'What are you allergic to?'],
  ['Esim. koivun siitepöly, pölypunkki, kissa', 'T.ex. björkpollen, kvalster, katt', 'E.g. birch pollen, dust mites, cats'],
  ['Oletko raskaana?', 'Är du gravid?', 'Are you pregnant?'],
  ['Onko sinulla lääkeaineallergioita?', 'Har du läkemedelsallergier?', 'Do you have any drug allergies?'],
  ['Mille lääkeaineille olet allerginen?', 'Vilka läkemedel är du allergisk mot?', 'Which medicines are you allergic to?'],
  ['Kirjoita lääkeaineet tähän', 'Skriv läkemedlen här', 'Write the medicines here'],
  // Urinary tract infection
  ['Onko sinulla ollut aiemmin virtsatieinfektio?', 'Har du haft urinvägsinfektion tidigare?', 'Have you had a urinary tract infection before?'],
  ['Onko sinulla tihentynyttä virtsaamistarvetta, virtsaamispakkoa tai kirvelyä virtsatessa?', 'Behöver du kissa oftare än vanligt, har du täta trängningar eller sveda när du kissar?', 'Do you need to pass urine more often, have an urgent need to pass urine or a burning feeling when you do?'],
  ['Onko mahdollista, että sinulla on sukupuolitauti?', 'Är det möjligt att du har en könssjukdom?', 'Is it possible that you have a sexually transmitted infection?'],
  ['Onko sinulla kuumetta tai kipua selässä tai kyljissä?', 'Har du feber eller smärta i ryggen eller flankerna?', 'Do you have a fever or pain in your back or sides?'],
];

const BY_FINNISH: Readonly<Record<Translated, ReadonlyMap<string, string>>> = {
  sv: new Map([...MESSAGE_ROWS, ...QUESTIONNAIRE_ROWS].map(([fi, sv]) => [fi, sv])),
  en: new Map([...MESSAGE_ROWS, ...QUESTIONNAIRE_ROWS].map(([fi, , en]) => [fi, en])),
};

/** Messages with a number of the deployment's settings in them: [the Finnish form, Swedish, English]. */
const PATTERN_ROWS: ReadonlyArray<readonly [RegExp, (n: string) => string, (n: string) => string]> = [
  [
    new RegExp(`^${V.tooYoung(0).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('0', '(\\d+)')}$`),
    (n) => `Tjänsten kan användas endast av personer som fyllt ${n} år. Kontakta din egen hälsocentral eller läkare.`,
    (n) => `The service can only be used by people aged ${n} or over. Please contact your own health centre or doctor.`,
  ],
];

/**
 * A Finnish message in `language` (the Finnish itself for 'fi' or when it has no translation yet).
 * More rows can be added to MESSAGE_ROWS, or given here (e.g. the API's own constants).
 */
export function translateMessage(finnish: string, language: Language): string {
  if (language === 'fi') return finnish;
  const known = BY_FINNISH[language].get(finnish);
  if (known !== undefined) return known;
  for (const [pattern, sv, en] of PATTERN_ROWS) {
    const match = pattern.exec(finnish);
    if (match) return (language === 'sv' ? sv : en)(match[1]);
  }
  return finnish;
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
