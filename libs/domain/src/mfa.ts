/**
 * Staff multi-factor authentication (TOTP, RFC 6238) for doctors and pharmacy users: the REST
 * roles, the shape of the codes and the Finnish messages both sides show (the payloads: api-shapes.ts).
 */

/** The roles that may (and with MFA_REQUIRED_FOR must) use TOTP. */
export type MfaRole = 'doctor' | 'pharmacy';
export const MFA_ROLES: readonly MfaRole[] = ['doctor', 'pharmacy'];

/** How many recovery codes enabling TOTP hands out (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes allowed per account in the login window (15 minutes); the next is 429. */
export const MFA_WRONG_CODE_LIMIT = 5;

/** A code as typed: spaces and dashes dropped, letters upper-cased. */
export function normalizeMfaCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** Six digits: an authenticator's code. */
export function isTotpCode(normalized: string): boolean {
  return /^\d{6}$/.test(normalized);
}

/** A recovery code: ten characters of the base32 alphabet (shown as XXXXX-XXXXX). */
export function isRecoveryCode(normalized: string): boolean {
  return /^[A-Z2-7]{10}$/.test(normalized);
}

export const MFA_MESSAGES = {
  codeWrong: 'Vahvistuskoodi on väärä tai vanhentunut. Yritä uudelleen',
  codeMissing: 'Anna vahvistuskoodi',
  tooManyCodes: 'Liian monta väärää vahvistuskoodia. Yritä uudelleen 15 minuutin kuluttua.',
  noPendingLogin: 'Kirjaudu ensin käyttäjätunnuksella ja salasanalla',
  notStaff: 'Kaksivaiheinen tunnistautuminen on vain lääkäreille ja apteekeille',
  alreadyEnabled: 'Kaksivaiheinen tunnistautuminen on jo käytössä',
  notEnabled: 'Kaksivaiheinen tunnistautuminen ei ole käytössä',
  setupMissing: 'Aloita käyttöönotto ensin: lisää avain sovellukseen',
  passwordWrong: 'Salasana on väärä',
  requiredCannotDisable: 'Kaksivaiheinen tunnistautuminen on pakollinen tälle roolille',
  setupRequired: 'Ota kaksivaiheinen tunnistautuminen käyttöön ennen kirjautumista',
  userNotFound: 'Käyttäjää ei löydy',
} as const;
