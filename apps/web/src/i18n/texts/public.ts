/** The public pages: logins, the landing page with its prices and FAQ, the legal texts, customer information. */
import { MESSAGES, PRICE_NEW_PRESCRIPTION_CENTS, PRICE_RENEWAL_CENTS, formatEuro } from '@resepti/domain';
import { PROVIDER_NAME } from './common';
import { PROVIDER } from './trust';

const PRIVACY_EMAIL = PROVIDER.privacyEmail;

const RENEWAL_PRICE = formatEuro(PRICE_RENEWAL_CENTS);
const NEW_PRESCRIPTION_PRICE = formatEuro(PRICE_NEW_PRESCRIPTION_CENTS);

/** Part of TEXTS (see index.ts). */
export const PUBLIC_TEXTS = {
  login: {
    heading: 'Kirjaudu sisään',
    username: 'Käyttäjätunnus',
    email: 'Sähköposti',
    password: 'Salasana',
    submit: 'Kirjaudu',
    failed: MESSAGES.loginFailed,
    forgotPassword: 'Unohditko salasanasi? Tunnistaudu pankkitunnuksilla',
    customerIntro: 'Asiakkaan kirjautuminen',
    doctorIntro: 'Lääkärin kirjautuminen',
    pharmacyIntro: 'Apteekin kirjautuminen',
    codeLabel: 'Vahvistuskoodi',
    codeHint: 'Anna todennussovelluksen 6-numeroinen koodi tai yksi varakoodeistasi.',
    codeSubmit: 'Vahvista',
    codeFailed: 'Vahvistuskoodi on väärä tai vanhentunut. Yritä uudelleen',
  },
  /** The staff's TOTP setup page (/kaksivaiheinen-tunnistautuminen). */
  mfa: {
    heading: 'Kaksivaiheinen tunnistautuminen',
    required: 'Roolisi vaatii kaksivaiheisen tunnistautumisen. Ota se käyttöön ennen kuin jatkat.',
    intro: 'Kirjautuessa tarvitset salasanan lisäksi puhelimesi todennussovelluksen (esim. Google Authenticator tai Microsoft Authenticator) antaman koodin.',
    start: 'Aloita käyttöönotto',
    step1: '1. Lue QR-koodi todennussovelluksella',
    qrLabel: 'QR-koodi todennussovellukselle',
    manualKey: 'Tai kirjoita avain sovellukseen käsin:',
    step2: '2. Anna sovelluksen näyttämä koodi',
    enable: 'Ota käyttöön',
    enabledHeading: 'Kaksivaiheinen tunnistautuminen on käytössä',
    recoveryHeading: 'Varakoodit',
    recoveryIntro: 'Tulosta tai kirjoita varakoodit talteen. Kukin toimii kerran, jos puhelin ei ole käytettävissä. Koodit näytetään vain nyt.',
    print: 'Tulosta varakoodit',
    continue: 'Jatka',
    alreadyEnabled: 'Kaksivaiheinen tunnistautuminen on jo käytössä tililläsi.',
    signInFirst: 'Kirjaudu ensin sisään.',
    doctorLogin: 'Lääkärin kirjautuminen',
    pharmacyLogin: 'Apteekin kirjautuminen',
    link: 'Kaksivaiheinen tunnistautuminen',
    failed: 'Käyttöönotto epäonnistui. Yritä uudelleen.',
  },
  landing: {
    heroTitle: 'Reseptit verkossa, turvallisesti',
    heroText:
      'Uusi vanha reseptisi tai hae uutta reseptiä virtsatieinfektioon, erektiohäiriöön tai allergiaan. ' +
      'Palvelun lääkäri käsittelee tilauksesi, ja saat tekstiviestin, kun se on käsitelty.',
    createAccount: 'Luo tili',
    login: 'Kirjaudu sisään',
    professionalsHeading: 'Ammattilaisille',
    doctorLogin: 'Lääkärin kirjautuminen',
    pharmacyLogin: 'Apteekin kirjautuminen',
    faqHeading: 'Usein kysyttyä',
    pricesHeading: 'Hinnat',
    sectionNav: 'Sivun osiot',
    customerInfoLink: 'Tietoa asiakkaalle',
    priceRenewal: `Reseptin uusiminen ${RENEWAL_PRICE} / lääke`,
    priceNew: `Uusi resepti ${NEW_PRESCRIPTION_PRICE} / lääke`,
    identificationCancelled: 'Tunnistautuminen peruttiin. Tiliä ei luotu eikä mitään tallennettu. Voit aloittaa uudelleen milloin tahansa.',
    identificationFailed: 'Tunnistautuminen ei onnistunut. Mitään ei tallennettu. Yritä uudelleen.',
  },
  faq: [
    {
      id: 'uusinta',
      title: 'Vanhan reseptin uusiminen',
      body: [
        'Voit uusia vanhan reseptisi verkossa: valitse lääke, kerro lyhyesti uusimisen syy ja lähetä tilaus lääkärille.',
        'Palvelun kautta voi uusia vain lääkkeitä, jotka eivät ole huumausaineita. Huumausaineiksi luokiteltuja ja PKV-lääkkeitä (pääasiassa keskushermostoon vaikuttavia lääkkeitä) ei voi uusia palvelun kautta.',
      ],
    },
    {
      id: 'uusi-resepti',
      title: 'Uusi resepti',
      body: [
        'Voit hakea uutta reseptiä virtsatieinfektioon, erektiohäiriöön ja allergiaan. Vastaat ensin lyhyeen kyselyyn oireistasi ja terveydentilastasi.',
        'Lopullisen päätöksen reseptin myöntämisestä tekee aina palvelun lääkäri.',
      ],
    },
    {
      id: 'kasittelyaika',
      title: 'Kuinka nopeasti tilaukseni käsitellään?',
      body: [
        'Tilaukset käsitellään arkipäivisin 12 tunnin kuluessa.',
        'Perjantaina kello 18.00 jälkeen jätetyt tilaukset käsitellään seuraavana arkipäivänä.',
        'Saat tekstiviestin, kun tilauksesi on käsitelty.',
      ],
    },
    {
      id: 'hinnat',
      title: 'Mitä palvelu maksaa?',
      body: [
        `Reseptin uusiminen maksaa ${RENEWAL_PRICE} lääkettä kohden.`,
        `Uusi resepti maksaa ${NEW_PRESCRIPTION_PRICE} lääkettä kohden.`,
      ],
    },
    {
      id: 'maksaminen',
      title: 'Miten maksan?',
      body: ['Voit maksaa kotimaisilla pankkikorteilla ja yleisimmillä luottokorteilla.'],
    },
    {
      id: 'tili',
      title: 'Miten luon tilin ja kirjaudun?',
      body: [
        'Tili luodaan tunnistautumalla vahvasti pankkitunnuksilla. Sen jälkeen annat sähköpostiosoitteesi, puhelinnumerosi ja salasanan sekä hyväksyt käyttöehdot.',
        'Jatkossa kirjaudut palveluun sähköpostiosoitteellasi ja salasanallasi.',
      ],
    },
  ],
  legal: {
    termsTitle: 'Käyttöehdot',
    privacyTitle: 'Rekisteriseloste',
    terms: [
      `Resepti-palvelun tarjoaa ${PROVIDER_NAME}. Käyttämällä palvelua hyväksyt nämä käyttöehdot.`,
      'Palvelussa voit uusia vanhoja reseptejä ja hakea uutta reseptiä tiettyihin vaivoihin. Lopullisen päätöksen reseptin myöntämisestä tekee aina palvelun lääkäri.',
      'Palvelun kautta ei voi uusia huumausaineiksi luokiteltuja eikä PKV-lääkkeitä.',
      `Reseptin uusiminen maksaa ${RENEWAL_PRICE} ja uusi resepti ${NEW_PRESCRIPTION_PRICE} lääkettä kohden. Maksu suoritetaan tilauksen yhteydessä.`,
      'Tilaukset käsitellään arkipäivisin 12 tunnin kuluessa. Perjantaina kello 18.00 jälkeen jätetyt tilaukset käsitellään seuraavana arkipäivänä.',
    ],
    privacy: [
      `Rekisterinpitäjä: ${PROVIDER_NAME}.`,
      'Rekisterin nimi: Resepti-palvelun asiakas- ja potilasrekisteri.',
      'Käsittelemme nimeäsi, henkilötunnustasi, yhteystietojasi sekä tilaus-, resepti- ja maksutietojasi reseptipalvelun tuottamiseksi ja lakisääteisten velvoitteiden hoitamiseksi.',
      'Tiedot saadaan sinulta itseltäsi, vahvasta tunnistautumisesta ja palvelun lääkäriltä. Tietoja ei luovuteta ulkopuolisille muutoin kuin lain sallimissa tai edellyttämissä tilanteissa.',
      'Sinulla on oikeus tarkastaa tietosi ja pyytää virheellisten tietojen korjaamista.',
      `Tietosuojaa koskevat yhteydenotot: ${PRIVACY_EMAIL}.`,
    ],
  },
  customerInfo: {
    heading: 'Tietoa asiakkaalle',
    intro: `Resepti-palvelun tarjoaa ${PROVIDER_NAME}, joka toimii myös henkilötietojesi rekisterinpitäjänä.`,
  },
} as const;
