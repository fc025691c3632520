import { dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as finnish } from '@zxcvbn-ts/language-fi';
import { VALIDATION_MESSAGES } from '@resepti/domain';

/**
 * ASVS 6.1.2 / NIST SP 800-63B: a new password is refused when it is a known breached or common
 * password, or such a word (or a common Finnish word or name, or this service's own words) with
 * only digits and punctuation around it and common letter swaps: 'Salasana1', 'Password1',
 * 'P@ssw0rd!', 'Apteekki2024'. The lists ship with the app (zxcvbn-ts: 49 000 passwords from
 * breaches, 34 000 Finnish words and names), so the check needs no network and leaks nothing.
 */
const SERVICE_WORDS = ['resepti', 'reseptit', 'apteekki', 'lääkäri', 'laakari', 'asiakas', 'potilas', 'tunnus', 'kela', 'kanta'];

const BLOCKED: ReadonlySet<string> = new Set(
  [
    ...common['passwords-common'],
    ...finnish.commonWords,
    ...finnish.femaleFirstnames,
    ...finnish.maleFirstnames,
    ...finnish.lastnames,
    ...SERVICE_WORDS,
  ]
    .map((word) => String(word).toLowerCase())
    // Two- and three-letter words are no password on their own; 'On123456' is refused by the breached list.
    .filter((word) => word.length >= 4),
);

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/** The password without digits and punctuation at its ends, in lower case. */
function core(password: string): string {
  return password.toLowerCase().replace(/^[\p{N}\p{P}\p{S}\s]+|[\p{N}\p{P}\p{S}\s]+$/gu, '');
}

function unLeet(password: string): string {
  return [...password.toLowerCase()].map((c) => LEET[c] ?? c).join('');
}

/** The Finnish message when the password is common or breached, else null. `context`: the user's own names and login. */
export function commonPasswordProblem(password: string, context: readonly string[] = []): string | null {
  const lower = password.toLowerCase();
  const own = new Set(context.flatMap((c) => c.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3));
  const stripped = core(password);
  const candidates = [lower, stripped, unLeet(stripped)];
  const blocked = candidates.some((c) => BLOCKED.has(c) || own.has(c));
  return blocked ? VALIDATION_MESSAGES.passwordCommon : null;
}
