/** The embedded IdP's pages: plain server-rendered HTML, no scripts, usable by keyboard. */
import { TEST_IDENTITIES } from './test-identities.js';

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

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="fi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface LoginPageInput {
  action: string;
  abortAction: string;
  error?: string;
  values?: { hetu?: string; firstName?: string; lastName?: string };
}

/** Pick a test identity or type another valid test hetu and name. */
export function loginPage({ action, abortAction, error, values = {} }: LoginPageInput): string {
  const identities = TEST_IDENTITIES.map(
    (p) => `<li><form method="post" action="${esc(action)}">
<input type="hidden" name="hetu" value="${esc(p.hetu)}"><input type="hidden" name="firstName" value="${esc(p.firstName)}"><input type="hidden" name="lastName" value="${esc(p.lastName)}">
<button type="submit">${esc(`${p.firstName} ${p.lastName}, ${p.hetu}`)}${p.note ? ` <span class="note">(${esc(p.note)})</span>` : ''}</button></form></li>`,
  ).join('');
  return layout(
    'Testitunnistautuminen',
    `<p class="note">Testiympäristö: tämä sivu korvaa pankkitunnistautumisen.</p>
<h1>Tunnistaudu testihenkilönä</h1>
<h2>Valitse testihenkilö</h2>
<ul class="identities">${identities}</ul>
<form method="post" action="${esc(action)}">
<fieldset><legend>Tai anna muu testihenkilö</legend>
${error ? `<p class="error" role="alert" id="idp-error">${esc(error)}</p>` : ''}
<label for="hetu">Henkilötunnus</label><input id="hetu" name="hetu" autocomplete="off" value="${esc(values.hetu ?? '')}"${error ? ' aria-describedby="idp-error"' : ''}>
<label for="firstName">Etunimi</label><input id="firstName" name="firstName" autocomplete="off" value="${esc(values.firstName ?? '')}">
<label for="lastName">Sukunimi</label><input id="lastName" name="lastName" autocomplete="off" value="${esc(values.lastName ?? '')}">
<p><button type="submit" class="primary">Tunnistaudu</button></p>
</fieldset></form>
<form method="post" action="${esc(abortAction)}"><button type="submit">Peruuta tunnistautuminen</button></form>`,
  );
}

export function errorPage(message: string): string {
  return layout('Tunnistautuminen epäonnistui', `<h1>Tunnistautuminen epäonnistui</h1><p>${esc(message)}</p><p><a href="/">Palaa etusivulle</a></p>`);
}
