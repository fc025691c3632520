/**
 * Texts every area shares: the app's name, common words, the live state, the session-expiry
 * prompt, the wrong-role and not-found pages, and the medicine search of both chats.
 */

/** The service provider, named as the data controller in the legal texts. */
export const PROVIDER_NAME = 'Resepti Oy';

const ROLE_FOR: Readonly<Record<string, string>> = { customer: 'asiakkaille', doctor: 'lääkäreille', pharmacy: 'apteekin henkilökunnalle' };
const ROLE_AS: Readonly<Record<string, string>> = { customer: 'asiakkaana', doctor: 'lääkärinä', pharmacy: 'apteekin käyttäjänä' };

/** Part of TEXTS (see index.ts). */
export const COMMON_TEXTS = {
  appName: 'Resepti',
  common: {
    loading: 'Ladataan…',
    logout: 'Kirjaudu ulos',
    backToHome: 'Takaisin etusivulle',
    unexpectedError: 'Jokin meni vikaan. Yritä hetken kuluttua uudelleen.',
    retry: 'Yritä uudelleen',
    pageLoadFailed: 'Sivun lataaminen ei onnistunut, koska yhteys palvelimeen katkesi. Sivu latautuu itsestään, kun yhteys palaa.',
    close: 'Sulje',
    mainNavigation: 'Päävalikko',
    skipToContent: 'Siirry sisältöön',
    cancel: 'Peruuta',
    /** The language switch's group (each language is named in itself: Suomi, Svenska, English). */
    language: 'Kieli',
  },
  live: {
    connected: 'Reaaliaikainen',
    polling: 'Päivitetään ajoittain',
    offline: 'Ei yhteyttä palvelimeen',
    offlineNote: 'Ei yhteyttä palvelimeen. Näytetyt tiedot voivat olla vanhentuneita; toiminnot ovat pois käytöstä, kunnes yhteys palaa. Yhteyttä yritetään uudelleen automaattisesti.',
  },
  /** The session-expiry prompt of every signed-in role (SPEC section 2). */
  session: {
    expiring: 'Istunto sulkeutumassa',
    text: (time: string) => `Sinut kirjataan ulos ${time} kuluttua, jos et jatka.`,
    continue: 'Jatka',
    expired: 'Istuntosi on vanhentunut. Kirjaudu uudelleen.',
  },
  wrongRole: {
    title: 'Näkymä kuuluu toiselle käyttäjäryhmälle',
    body: (view: string, own: string | null) =>
      `Tämä näkymä on tarkoitettu ${ROLE_FOR[view] ?? ''}.` + (own ? ` Olet kirjautunut sisään ${ROLE_AS[own] ?? ''}.` : ' Olet kirjautunut sisään toisella tunnuksella.'),
    ownStart: 'Siirry omalle etusivullesi',
  },
  notFound: {
    heading: 'Sivua ei löytynyt',
    body: 'Hakemaasi sivua ei löydy. Tarkista osoite tai palaa etusivulle.',
    link: 'Etusivulle',
  },
} as const;

/** The medicine search of the pharmacy's and the customer's chats (components/MedicineSearch). */
export const MEDICINE_SEARCH_TEXTS = {
  searchLabel: 'Lääkkeen nimi',
  suggestionsLabel: 'Ehdotukset',
  notFound: 'Hakemaasi lääkettä ei löydy',
  notFoundNote: 'Huumausaineiksi luokiteltuja lääkkeitä ja PKV-lääkkeitä (pääasiassa keskushermostoon vaikuttavia lääkkeitä) ei voi uusia palvelun kautta.',
  catalogueUnavailable: 'Lääkeluettelo ei ole juuri nyt käytettävissä, joten reseptin uusintaa ei voi hakea. Yritä myöhemmin uudelleen.',
} as const;
