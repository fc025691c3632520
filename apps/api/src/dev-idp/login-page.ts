/**
 * The embedded IdP's pages: plain server-rendered HTML, no scripts, usable by keyboard, in the
 * language the relying party asked for (OIDC `ui_locales`, as the Finnish identification brokers
 * take it: fi, sv, en).
 */
import { translateMessage, type Language } from '@resepti/domain';
import { TEST_IDENTITIES } from './test-identities.js';

const PAGE_TEXTS: Readonly<Record<Language, Readonly<Record<'title' | 'testOnly' | 'heading' | 'pick' | 'other' | 'hetu' | 'firstName' | 'lastName' | 'submit' | 'cancel' | 'failed' | 'home' | 'bornIn2000s' | 'alreadyCustomer', string>>>> = {
  fi: {
    title: 'Testitunnistautuminen',
    testOnly: 'Testiympäristö: tämä sivu korvaa pankkitunnistautumisen.',
    heading: 'Tunnistaudu testihenkilönä',
    pick: 'Valitse testihenkilö',
    other: 'Tai anna muu testihenkilö',
    hetu: 'Henkilötunnus',
    firstName: 'Etunimi',
    lastName: 'Sukunimi',
    submit: 'Tunnistaudu',
    cancel: 'Peruuta tunnistautuminen',
    failed: 'Tunnistautuminen epäonnistui',
    home: 'Palaa etusivulle',
    bornIn2000s: 'syntynyt 2000-luvulla',
    alreadyCustomer: 'jo asiakas',
  },
  sv: {
    title: 'Testidentifiering',
    testOnly: 'Testmiljö: den här sidan ersätter bankidentifieringen.',
    heading: 'Identifiera dig som testperson',
    pick: 'Välj en testperson',
    other: 'Eller ange en annan testperson',
    hetu: 'Personbeteckning',
    firstName: 'Förnamn',
    lastName: 'Efternamn',
    submit: 'Identifiera dig',
    cancel: 'Avbryt identifieringen',
    failed: 'Identifieringen misslyckades',
    home: 'Tillbaka till startsidan',
    bornIn2000s: 'född på 2000-talet',
    alreadyCustomer: 'redan kund',
  },
  en: {
    title: 'Test identification',
    testOnly: 'Test environment: this page stands in for bank identification.',
    heading: 'Identify as a test person',
    pick: 'Choose a test person',
    other: 'Or enter another test person',
    hetu: 'Personal identity code',
    firstName: 'First name',
    lastName: 'Last name',
    submit: 'Identify',
    cancel: 'Cancel identification',
    failed: 'Identification failed',
    home: 'Back to the front page',
    bornIn2000s: 'born in the 2000s',
    alreadyCustomer: 'already a customer',
  },
};

function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1f2328;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
.identities{list-style:none;padding:0;display:grid;gap:.5rem}
button{font:inherit;min-height:44px;padding:.5rem 1rem;border-radius:4px;border:1px solid #2a6ebb;background:#fff;color:#1a4f8b;cursor:pointer;text-align:left;width:100%}
button.primary{background:#2a6ebb;color:#fff;text-align:center}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
fieldset{border:1px solid #c8cdd2;border-radius:4px;margin:1.5rem 0;padding:1rem}
label{display:block;font-weight:600;margin-top:.75rem}
input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #6b7480;border-radius:4px}
.error{color:#b00020;font-weight:600}
.note{color:#4d5560;font-size:.9rem}
`;

function layout(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface LoginPageInput {
  language: Language;
  action: string;
  abortAction: string;
  error?: string;
  values?: { hetu?: string; firstName?: string; lastName?: string };
}

/** Pick a test identity or type another valid test hetu and name. */
export function loginPage({ language, action, abortAction, error, values = {} }: LoginPageInput): string {
  const t = PAGE_TEXTS[language];
  const note = (n: NonNullable<(typeof TEST_IDENTITIES)[number]['note']>) => (n.kind === 'born-2000s' ? t.bornIn2000s : `${t.alreadyCustomer} (${n.email})`);
  const identities = TEST_IDENTITIES.map(
    (p) => `<li><form method="post" action="${esc(action)}">
<input type="hidden" name="hetu" value="${esc(p.hetu)}"><input type="hidden" name="firstName" value="${esc(p.firstName)}"><input type="hidden" name="lastName" value="${esc(p.lastName)}">
<button type="submit">${esc(`${p.firstName} ${p.lastName}, ${p.hetu}`)}${p.note ? ` <span class="note">(${esc(note(p.note))})</span>` : ''}</button></form></li>`,
  ).join('');
  const message = error ? translateMessage(error, language) : '';
  return layout(
    language,
    t.title,
    `<p class="note">${esc(t.testOnly)}</p>
<h1>${esc(t.heading)}</h1>
<h2>${esc(t.pick)}</h2>
<ul class="identities">${identities}</ul>
<form method="post" action="${esc(action)}">
<fieldset><legend>${esc(t.other)}</legend>
${error ? `<p class="error" role="alert" id="idp-error">${esc(message)}</p>` : ''}
<label for="hetu">${esc(t.hetu)}</label><input id="hetu" name="hetu" autocomplete="off" value="${esc(values.hetu ?? '')}"${error ? ' aria-describedby="idp-error"' : ''}>
<label for="firstName">${esc(t.firstName)}</label><input id="firstName" name="firstName" autocomplete="off" value="${esc(values.firstName ?? '')}">
<label for="lastName">${esc(t.lastName)}</label><input id="lastName" name="lastName" autocomplete="off" value="${esc(values.lastName ?? '')}">
<p><button type="submit" class="primary">${esc(t.submit)}</button></p>
</fieldset></form>
<form method="post" action="${esc(abortAction)}"><button type="submit">${esc(t.cancel)}</button></form>`,
  );
}

export function errorPage(message: string, language: Language = 'fi'): string {
  const t = PAGE_TEXTS[language];
  return layout(language, t.failed, `<h1>${esc(t.failed)}</h1><p>${esc(message)}</p><p><a href="/">${esc(t.home)}</a></p>`);
}
