/**
 * Svenska: the patient's screens translated from the Finnish source (texts/*.ts), with the terms of
 * the glossary in docs/i18n.md (recept, förnyelse, läkare, apotek, personbeteckning). Loaded by a
 * dynamic import only when Swedish is used. The compiler checks it has every key and every
 * formatter of the Finnish catalog (Translation<…>); staff screens fall back to Finnish.
 */
import { formatMoney, messageTable, PRICE_NEW_PRESCRIPTION_CENTS, PRICE_RENEWAL_CENTS } from '@resepti/domain';
import type { TranslatedCatalog } from './translated-catalog';
import { CUSTOMER_SV } from './sv/customer';

const RENEWAL_PRICE = formatMoney(PRICE_RENEWAL_CENTS, 'sv');
const NEW_PRESCRIPTION_PRICE = formatMoney(PRICE_NEW_PRESCRIPTION_CENTS, 'sv');
const PROVIDER_NAME = 'Resepti Oy';
const PRIVACY_EMAIL = 'tietosuoja@resepti.fi';

const ROLE_FOR: Readonly<Record<string, string>> = { customer: 'kunder', doctor: 'läkare', pharmacy: 'apotekspersonal' };
const ROLE_AS: Readonly<Record<string, string>> = { customer: 'kund', doctor: 'läkare', pharmacy: 'apoteksanvändare' };

export const SV: TranslatedCatalog = {
  app: {
    appName: 'Resepti',
    common: {
      loading: 'Laddar…',
      logout: 'Logga ut',
      backToHome: 'Tillbaka till startsidan',
      unexpectedError: 'Något gick fel. Försök igen om en stund.',
      retry: 'Försök igen',
      pageLoadFailed: 'Sidan kunde inte laddas eftersom förbindelsen till servern bröts. Sidan laddas automatiskt när förbindelsen återkommer.',
      close: 'Stäng',
      mainNavigation: 'Huvudmeny',
      skipToContent: 'Gå till innehållet',
      cancel: 'Avbryt',
      language: 'Språk',
    },
    live: {
      connected: 'I realtid',
      polling: 'Uppdateras med jämna mellanrum',
      offline: 'Ingen förbindelse till servern',
      offlineNote: 'Ingen förbindelse till servern. Uppgifterna som visas kan vara föråldrade; funktionerna är avstängda tills förbindelsen återkommer. Ny anslutning försöks automatiskt.',
    },
    session: {
      expiring: 'Sessionen håller på att stängas',
      text: (time: string) => `Du loggas ut om ${time} om du inte fortsätter.`,
      continue: 'Fortsätt',
      expired: 'Din session har gått ut. Logga in på nytt.',
    },
    wrongRole: {
      title: 'Vyn hör till en annan användargrupp',
      body: (view: string, own: string | null) =>
        `Den här vyn är avsedd för ${ROLE_FOR[view] ?? ''}.` + (own ? ` Du är inloggad som ${ROLE_AS[own] ?? ''}.` : ' Du är inloggad med ett annat konto.'),
      ownStart: 'Gå till din egen startsida',
    },
    notFound: {
      heading: 'Sidan hittades inte',
      body: 'Sidan du söker finns inte. Kontrollera adressen eller gå tillbaka till startsidan.',
      link: 'Till startsidan',
    },
    login: {
      heading: 'Logga in',
      username: 'Användarnamn',
      email: 'E-post',
      password: 'Lösenord',
      submit: 'Logga in',
      failed: 'Felaktiga inloggningsuppgifter. Försök igen',
      forgotPassword: 'Glömt lösenordet? Identifiera dig med bankkoder',
      customerIntro: 'Inloggning för kunder',
      doctorIntro: 'Inloggning för läkare',
      pharmacyIntro: 'Inloggning för apotek',
      codeLabel: 'Verifieringskod',
      codeHint: 'Ange den 6-siffriga koden från autentiseringsappen eller en av dina reservkoder.',
      codeSubmit: 'Bekräfta',
      codeFailed: 'Verifieringskoden är fel eller har gått ut. Försök igen',
    },
    landing: {
      heroTitle: 'Recept på nätet, tryggt',
      heroText:
        'Förnya ditt gamla recept eller ansök om ett nytt recept för urinvägsinfektion, erektionsstörning eller allergi. ' +
        'Tjänstens läkare behandlar din beställning, och du får ett textmeddelande när den är behandlad.',
      createAccount: 'Skapa konto',
      login: 'Logga in',
      professionalsHeading: 'För yrkesutbildade',
      doctorLogin: 'Inloggning för läkare',
      pharmacyLogin: 'Inloggning för apotek',
      faqHeading: 'Vanliga frågor',
      pricesHeading: 'Priser',
      sectionNav: 'Sidans avsnitt',
      customerInfoLink: 'Information för kunder',
      priceRenewal: `Förnyelse av recept ${RENEWAL_PRICE} / läkemedel`,
      priceNew: `Nytt recept ${NEW_PRESCRIPTION_PRICE} / läkemedel`,
      identificationCancelled: 'Identifieringen avbröts. Inget konto skapades och inget sparades. Du kan börja om när du vill.',
      identificationFailed: 'Identifieringen lyckades inte. Inget sparades. Försök igen.',
    },
    faq: [
      {
        id: 'uusinta',
        title: 'Förnyelse av gammalt recept',
        body: [
          'Du kan förnya ditt gamla recept på nätet: välj läkemedel, berätta kort varför det ska förnyas och skicka beställningen till läkaren.',
          'Via tjänsten kan du bara förnya läkemedel som inte är narkotika. Läkemedel som klassas som narkotika och PKV-läkemedel (främst läkemedel som påverkar centrala nervsystemet) kan inte förnyas via tjänsten.',
        ],
      },
      {
        id: 'uusi-resepti',
        title: 'Nytt recept',
        body: [
          'Du kan ansöka om ett nytt recept för urinvägsinfektion, erektionsstörning och allergi. Först svarar du på en kort enkät om dina symtom och ditt hälsotillstånd.',
          'Det slutliga beslutet om att utfärda ett recept fattas alltid av tjänstens läkare.',
        ],
      },
      {
        id: 'kasittelyaika',
        title: 'Hur snabbt behandlas min beställning?',
        body: [
          'Beställningarna behandlas på vardagar inom 12 timmar.',
          'Beställningar som lämnas efter klockan 18.00 på fredag behandlas följande vardag.',
          'Du får ett textmeddelande när din beställning har behandlats.',
        ],
      },
      {
        id: 'hinnat',
        title: 'Vad kostar tjänsten?',
        body: [`Förnyelse av recept kostar ${RENEWAL_PRICE} per läkemedel.`, `Ett nytt recept kostar ${NEW_PRESCRIPTION_PRICE} per läkemedel.`],
      },
      {
        id: 'maksaminen',
        title: 'Hur betalar jag?',
        body: ['Du kan betala med inhemska bankkort och de vanligaste kreditkorten.'],
      },
      {
        id: 'tili',
        title: 'Hur skapar jag ett konto och loggar in?',
        body: [
          'Kontot skapas genom stark identifiering med bankkoder. Därefter anger du din e-postadress, ditt telefonnummer och ett lösenord och godkänner användarvillkoren.',
          'I fortsättningen loggar du in i tjänsten med din e-postadress och ditt lösenord.',
        ],
      },
    ],
    legal: {
      termsTitle: 'Användarvillkor',
      privacyTitle: 'Registerbeskrivning',
      terms: [
        `Tjänsten Resepti tillhandahålls av ${PROVIDER_NAME}. Genom att använda tjänsten godkänner du dessa användarvillkor.`,
        'I tjänsten kan du förnya gamla recept och ansöka om nytt recept för vissa besvär. Det slutliga beslutet om att utfärda ett recept fattas alltid av tjänstens läkare.',
        'Läkemedel som klassas som narkotika och PKV-läkemedel kan inte förnyas via tjänsten.',
        `Förnyelse av recept kostar ${RENEWAL_PRICE} och ett nytt recept ${NEW_PRESCRIPTION_PRICE} per läkemedel. Betalningen görs i samband med beställningen.`,
        'Beställningarna behandlas på vardagar inom 12 timmar. Beställningar som lämnas efter klockan 18.00 på fredag behandlas följande vardag.',
      ],
      privacy: [
        `Personuppgiftsansvarig: ${PROVIDER_NAME}.`,
        'Registrets namn: Tjänsten Reseptis kund- och patientregister.',
        'Vi behandlar ditt namn, din personbeteckning, dina kontaktuppgifter samt dina beställnings-, recept- och betalningsuppgifter för att tillhandahålla recepttjänsten och fullgöra lagstadgade skyldigheter.',
        'Uppgifterna fås av dig själv, från den starka identifieringen och från tjänstens läkare. Uppgifterna lämnas inte ut till utomstående annat än i situationer som lagen tillåter eller kräver.',
        'Du har rätt att granska dina uppgifter och begära att felaktiga uppgifter rättas.',
        `Kontakter som gäller dataskydd: ${PRIVACY_EMAIL}.`,
      ],
    },
    customerInfo: {
      heading: 'Information för kunder',
      intro: `Tjänsten Resepti tillhandahålls av ${PROVIDER_NAME}, som också är personuppgiftsansvarig för dina personuppgifter.`,
    },
    trust: {
      stepsHeading: 'Så fungerar tjänsten',
      steps: [
        'Skapa ett konto genom stark identifiering med bankkoder.',
        'Välj det läkemedel som ska förnyas eller svara på en kort enkät om dina symtom och betala beställningen med kort.',
        'Tjänstens läkare behandlar din beställning på vardagar inom 12 timmar, och du får ett textmeddelande när den är behandlad.',
      ],
      doctorsHeading: 'Tjänstens läkare',
      doctors: [
        'Din beställning behandlas alltid av en läkare som är legitimerad i Finland. Läkarens yrkesrättigheter kan du kontrollera i Valviras offentliga register JulkiTerhikki.',
        'Det slutliga beslutet om att utfärda ett recept fattas alltid av tjänstens läkare. Om läkemedlet inte kan ordineras tryggt på distans utifrån dina uppgifter, berättar läkaren varför och hänvisar dig vid behov till din egen läkare.',
      ],
      contactHeading: 'Kundtjänst',
      contactPhone: 'Telefon',
      contactEmail: 'E-post',
      contactHours: 'Vi betjänar',
      contactNote: 'Skicka inte dina hälsouppgifter per e-post. I brådskande fall, kontakta hälsocentralen eller jouren; i nödsituationer ring 112.',
      providerHeading: 'Tjänsteleverantör',
      businessId: 'FO-nummer',
      address: 'Adress',
      privacyHeading: 'Dataskydd',
      privacyText: 'Tjänsteleverantören är personuppgiftsansvarig för dina personuppgifter. Läs mer i registerbeskrivningen.',
      privacyContact: 'Frågor om dataskydd',
      accessibilityLink: 'Tillgänglighetsutlåtande',
    },
    accessibility: {
      heading: 'Tillgänglighetsutlåtande',
      intro: `Detta tillgänglighetsutlåtande gäller webbtjänsten Resepti (kundens sidor: startsidan, information för kunder, skapa konto, inloggning, recept, kassan och mitt konto). Tjänsten tillhandahålls av ${PROVIDER_NAME}. Utlåtandet har utarbetats 25.11.2026.`,
      statusHeading: 'Tjänstens tillgänglighetsstatus',
      status:
        'Tjänsten uppfyller delvis tillgänglighetskraven på nivå A och AA i WCAG 2.1. Tjänsten fungerar med enbart tangentbord, med skärmläsare och på en 390 pixlar bred skärm utan vågrät rullning.',
      assessmentHeading: 'Hur tillgängligheten har bedömts',
      assessment:
        'Bedömningen har gjorts av oss själva: varje kundvy kontrolleras automatiskt med verktyget axe i bredderna 1280 och 390 pixlar, och användarflödena har gåtts igenom med enbart tangentbord.',
      gapsHeading: 'Innehåll som ännu inte är tillgängligt',
      gaps: [
        'Kundens sidor finns på finska, svenska och engelska; läkarens och apotekets vyer finns tills vidare endast på finska.',
        'Kortuppgifterna anges på betaltjänstleverantörens sida, vars tillgänglighet betaltjänstleverantören ansvarar för.',
      ],
      feedbackHeading: 'Ge respons om tillgängligheten',
      feedback: 'Har du märkt en brist? Berätta för oss, så rättar vi den eller levererar informationen på annat sätt. Vi svarar inom 14 dagar.',
      feedbackEmail: 'E-post',
      supervisionHeading: 'Tillsynsmyndighet',
      supervision:
        'Om du inte är nöjd med svaret eller inte får svar inom 14 dagar kan du göra en anmälan till tillsynsmyndigheten. Anvisningar för anmälan finns på webbplatsen tillganglighetskrav.fi.',
    },
    paymentConfirmation: {
      heading: 'Betalningen har tagits emot',
      deadline: (when: string) => `Läkaren behandlar din beställning senast ${when}.`,
      rules: 'Beställningarna behandlas på vardagar inom 12 timmar. Beställningar som lämnas efter klockan 18.00 på fredag behandlas följande vardag.',
      sms: (phone: string) => `Du får ett textmeddelande till numret ${phone} när din beställning har behandlats.`,
    },
    customer: {
      prescriptionsHeading: 'Recept',
      profileHeading: 'Mitt konto',
    },
  },
  customer: CUSTOMER_SV,
  medicineSearch: {
    searchLabel: 'Läkemedlets namn',
    suggestionsLabel: 'Förslag',
    notFound: 'Läkemedlet du söker hittades inte',
    notFoundNote: 'Läkemedel som klassas som narkotika och PKV-läkemedel (främst läkemedel som påverkar centrala nervsystemet) kan inte förnyas via tjänsten.',
    catalogueUnavailable: 'Läkemedelsförteckningen är inte tillgänglig just nu, så det går inte att söka receptförnyelse. Försök igen senare.',
  },
  provider: {
    serviceHours: 'vardagar kl. 8–18',
  },
  messages: messageTable('sv'),
};
