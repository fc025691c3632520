/**
 * Who stands behind the service (issue 27, "a landing page that earns trust"): the provider with
 * its business ID and address, customer service and its hours, who the doctors are, the
 * data-protection contact, and the accessibility statement (WCAG 2.1 AA).
 *
 * The provider's details below are the deployment's own: replace them with the company's real
 * ones before going live (they are shown on the landing page, in the footer and in the statement).
 */
import { PROVIDER_NAME } from './common';

export const PROVIDER = {
  name: PROVIDER_NAME,
  businessId: '3141593-8',
  address: 'Mannerheimintie 10, 00100 Helsinki',
  serviceEmail: 'asiakaspalvelu@resepti.fi',
  servicePhone: '09 4242 4242',
  serviceHours: 'arkisin klo 8–18',
  privacyEmail: 'tietosuoja@resepti.fi',
  accessibilityEmail: 'saavutettavuus@resepti.fi',
} as const;

/** Part of TEXTS (see index.ts). */
export const TRUST_TEXTS = {
  trust: {
    stepsHeading: 'Näin palvelu toimii',
    steps: [
      'Luo tili tunnistautumalla vahvasti pankkitunnuksilla.',
      'Valitse uusittava lääke tai vastaa lyhyeen kyselyyn oireistasi ja maksa tilaus kortilla.',
      'Palvelun lääkäri käsittelee tilauksesi arkipäivisin 12 tunnin kuluessa, ja saat tekstiviestin, kun se on käsitelty.',
    ],
    doctorsHeading: 'Palvelun lääkärit',
    doctors: [
      'Tilauksesi käsittelee aina Suomessa laillistettu lääkäri. Lääkärin ammattioikeudet voit tarkistaa Valviran julkisesta JulkiTerhikki-rekisteristä.',
      'Lopullisen päätöksen reseptin myöntämisestä tekee aina palvelun lääkäri. Jos tietojesi perusteella lääkettä ei voida määrätä turvallisesti etänä, lääkäri kertoo perustelun ja ohjaa sinut tarvittaessa omalle lääkärillesi.',
    ],
    contactHeading: 'Asiakaspalvelu',
    contactPhone: 'Puhelin',
    contactEmail: 'Sähköposti',
    contactHours: 'Palvelemme',
    contactNote: 'Älä lähetä terveystietojasi sähköpostilla. Kiireellisissä tilanteissa ota yhteyttä terveyskeskukseen tai päivystykseen, hätätilanteessa soita 112.',
    providerHeading: 'Palveluntarjoaja',
    businessId: 'Y-tunnus',
    address: 'Osoite',
    privacyHeading: 'Tietosuoja',
    privacyText: 'Palveluntarjoaja on henkilötietojesi rekisterinpitäjä. Lue tarkemmin rekisteriselosteesta.',
    privacyContact: 'Tietosuojakysymykset',
    accessibilityLink: 'Saavutettavuusseloste',
  },
  accessibility: {
    heading: 'Saavutettavuusseloste',
    intro: `Tämä saavutettavuusseloste koskee Resepti-verkkopalvelua (asiakkaan sivut: etusivu, tietoa asiakkaalle, tilin luominen, kirjautuminen, reseptit, kassa ja oma tili). Palvelun tarjoaa ${PROVIDER_NAME}. Seloste on laadittu 25.11.2026.`,
    statusHeading: 'Palvelun saavutettavuuden tila',
    status:
      'Palvelu täyttää WCAG 2.1 -ohjeiden A- ja AA-tason saavutettavuusvaatimukset osittain. Palvelu toimii pelkällä näppäimistöllä, ruudunlukijalla ja 390 pikselin levyisellä näytöllä ilman vaakasuuntaista vieritystä.',
    assessmentHeading: 'Miten saavutettavuus on arvioitu',
    assessment:
      'Arvio on tehty itse: jokainen asiakkaan näkymä tarkistetaan automaattisesti axe-työkalulla 1280 ja 390 pikselin leveydellä, ja asioinnin polut on käyty läpi pelkällä näppäimistöllä.',
    gapsHeading: 'Sisältö, joka ei vielä ole saavutettavaa',
    gaps: [
      'Asiakkaan sivut ovat suomeksi, ruotsiksi ja englanniksi; lääkärin ja apteekin näkymät ovat toistaiseksi vain suomeksi.',
      'Maksukortin tietojen syöttäminen tapahtuu maksupalveluntarjoajan sivulla, jonka saavutettavuudesta vastaa maksupalveluntarjoaja.',
    ],
    feedbackHeading: 'Anna palautetta saavutettavuudesta',
    feedback: `Huomasitko puutteen? Kerro siitä meille, niin korjaamme sen tai toimitamme tiedon muulla tavalla. Vastaamme 14 päivän kuluessa.`,
    feedbackEmail: 'Sähköposti',
    supervisionHeading: 'Valvontaviranomainen',
    supervision:
      'Jos et ole tyytyväinen saamaasi vastaukseen tai et saa vastausta 14 päivän kuluessa, voit tehdä ilmoituksen valvontaviranomaiselle. Ohjeet ilmoituksen tekemiseen löydät sivustolta saavutettavuusvaatimukset.fi.',
  },
  paymentConfirmation: {
    heading: 'Maksu vastaanotettu',
    deadline: (when: string) => `Lääkäri käsittelee tilauksesi viimeistään ${when}.`,
    rules: 'Tilaukset käsitellään arkipäivisin 12 tunnin kuluessa. Perjantaina kello 18.00 jälkeen jätetyt tilaukset käsitellään seuraavana arkipäivänä.',
    sms: (phone: string) => `Saat tekstiviestin numeroon ${phone}, kun tilauksesi on käsitelty.`,
  },
} as const;
