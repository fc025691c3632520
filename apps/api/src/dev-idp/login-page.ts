/**
 * The embedded IdP's pages: plain server-rendered HTML, no scripts, usable by keyboard, in the
 * language the relying party asked for (OIDC `ui_locales`, as the Finnish identification brokers
 * take it: fi, sv, en).
 */
import { type FINNISH_CATALOG, type Language } from '@resepti/domain';
import { localizeMessage, t } from '@resepti/domain/locales';
import { TEST_IDENTITIES } from './test-identities.js';

/** The page's text `key` (idp.login.*) in `language`. */
const pageText = (language: Language) => (key: keyof typeof FINNISH_CATALOG.idp.login) => t(`idp.login.${key}`, language);

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
  const text = pageText(language);
  const note = (n: NonNullable<(typeof TEST_IDENTITIES)[number]['note']>) => (n.kind === 'born-2000s' ? text('bornIn2000s') : `${text('alreadyCustomer')} (${n.email})`);
  const identities = TEST_IDENTITIES.map(
    (p) => `<li><form method="post" action="${esc(action)}">
<input type="hidden" name="hetu" value="${esc(p.hetu)}"><input type="hidden" name="firstName" value="${esc(p.firstName)}"><input type="hidden" name="lastName" value="${esc(p.lastName)}">
<button type="submit">${esc(`${p.firstName} ${p.lastName}, ${p.hetu}`)}${p.note ? ` <span class="note">(${esc(note(p.note))})</span>` : ''}</button></form></li>`,
  ).join('');
  const message = error ? localizeMessage(error, language) : '';
  return layout(
    language,
    text('title'),
    `<p class="note">${esc(text('testOnly'))}</p>
<h1>${esc(text('heading'))}</h1>
<h2>${esc(text('pick'))}</h2>
<ul class="identities">${identities}</ul>
<form method="post" action="${esc(action)}">
<fieldset><legend>${esc(text('other'))}</legend>
${error ? `<p class="error" role="alert" id="idp-error">${esc(message)}</p>` : ''}
<label for="hetu">${esc(text('hetu'))}</label><input id="hetu" name="hetu" autocomplete="off" value="${esc(values.hetu ?? '')}"${error ? ' aria-describedby="idp-error"' : ''}>
<label for="firstName">${esc(text('firstName'))}</label><input id="firstName" name="firstName" autocomplete="off" value="${esc(values.firstName ?? '')}">
<label for="lastName">${esc(text('lastName'))}</label><input id="lastName" name="lastName" autocomplete="off" value="${esc(values.lastName ?? '')}">
<p><button type="submit" class="primary">${esc(text('submit'))}</button></p>
</fieldset></form>
<form method="post" action="${esc(abortAction)}"><button type="submit">${esc(text('cancel'))}</button></form>`,
  );
}

export function errorPage(message: string, language: Language = 'fi'): string {
  const text = pageText(language);
  return layout(language, text('failed'), `<h1>${esc(text('failed'))}</h1><p>${esc(localizeMessage(message, language))}</p><p><a href="/">${esc(text('home'))}</a></p>`);
}
