/**
 * Messages of the server and the client, by key (the texts are in locales/*.json; SPEC sections 5
 * and 8 give the Finnish). The API throws the key; its answer carries the text in the asker's language.
 */
import { t } from './i18n.js';
import type { Language } from './language.js';

export const MESSAGES = {
  loginFailed: 'errors.loginFailed',
  hetuInvalid: 'errors.hetuInvalid',
  reasonMandatory: 'Reason is mandatory when rejecting prescriptions.',
  unauthorized: 'errors.unauthorized',
  forbidden: 'errors.forbidden',
} as const;

/** The text message's link: the service's address and a path. */
const linkTo = (serviceUrl: string, path: string) => `${serviceUrl.replace(/\/+$/, '')}${path}`;

/**
 * The text message a customer gets when a doctor has handled their order. It names no medicine,
 * diagnosis or decision (a phone's lock screen shows it to anyone): only that the order is
 * handled, that the prescriptions saved in Kanta can be collected from any pharmacy (each approved one is recorded in
 * Kanta's Prescription Centre, issue 41), and where to read the decisions.
 */
export function orderHandledSms(serviceUrl: string, language: Language = 'fi'): string {
  return t('sms.orderHandled', language, { link: linkTo(serviceUrl, '/reseptit') });
}

/**
 * The text message a customer gets when their password or e-mail address (the login) changed, so
 * that a change they did not make is noticed at once. Nothing medical, no address, no password:
 * only what changed and what to do if it was not them (a new password by strong identification).
 */
export function credentialChangedSms(serviceUrl: string, what: 'password' | 'email', language: Language = 'fi'): string {
  return t(what === 'password' ? 'sms.passwordChanged' : 'sms.emailChanged', language, { link: linkTo(serviceUrl, '/login') });
}

/** The last text message to a closed account's phone: what happened and what stays. */
export function accountClosedSms(serviceUrl: string, language: Language = 'fi'): string {
  return t('sms.accountClosed', language, { link: linkTo(serviceUrl, '/login') });
}
