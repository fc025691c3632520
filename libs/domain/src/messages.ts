/** Server and client messages that both sides must spell identically (SPEC sections 5 and 8). */
import type { Language } from './language.js';

export const MESSAGES = {
  loginFailed: 'Kirjautumistiedot virheelliset. Yritä uudelleen',
  hetuInvalid: 'Tarkista henkilöturvatunnus',
  reasonMandatory: 'Reason is mandatory when rejecting prescriptions.',
  unauthorized: 'Kirjaudu sisään uudelleen',
  forbidden: 'Sinulla ei ole oikeutta tähän toimintoon',
} as const;

/**
 * The text message a customer gets when a doctor has handled their order. It names no medicine,
 * diagnosis or decision (a phone's lock screen shows it to anyone): only that the order is
 * handled, and where to read the decisions.
 */
export function orderHandledSms(serviceUrl: string, language: Language = 'fi'): string {
  const link = `${serviceUrl.replace(/\/+$/, '')}/reseptit`;
  if (language === 'sv') return `Resepti: läkaren har behandlat din beställning. Du ser besluten genom att logga in i tjänsten: ${link}`;
  if (language === 'en') return `Resepti: a doctor has handled your order. Log in to the service to see the decisions: ${link}`;
  return `Resepti: lääkäri on käsitellyt tilauksesi. Näet päätökset kirjautumalla palveluun: ${link}`;
}

/**
 * The text message a customer gets when their password or e-mail address (the login) changed, so
 * that a change they did not make is noticed at once. Nothing medical, no address, no password:
 * only what changed and what to do if it was not them (a new password by strong identification).
 */
export function credentialChangedSms(serviceUrl: string, what: 'password' | 'email', language: Language = 'fi'): string {
  const link = `${serviceUrl.replace(/\/+$/, '')}/login`;
  if (language === 'sv') {
    const changed = what === 'password' ? 'lösenordet till ditt konto har bytts' : 'e-postadressen till ditt konto har bytts';
    return `Resepti: ${changed}. Om du inte gjorde ändringen själv, byt lösenord genast genom att identifiera dig: ${link}`;
  }
  if (language === 'en') {
    const changed = what === 'password' ? 'the password of your account was changed' : 'the e-mail address of your account was changed';
    return `Resepti: ${changed}. If you did not make the change yourself, change your password at once by identifying yourself: ${link}`;
  }
  const changed = what === 'password' ? 'salasana on vaihdettu' : 'sähköpostiosoite on vaihdettu';
  return `Resepti: tilisi ${changed}. Jos et tehnyt muutosta itse, vaihda salasana heti tunnistautumalla: ${link}`;
}

/** The last text message to a closed account's phone: what happened and what stays. */
export function accountClosedSms(serviceUrl: string, language: Language = 'fi'): string {
  const link = `${serviceUrl.replace(/\/+$/, '')}/login`;
  if (language === 'sv') return `Resepti: ditt konto har raderats. Receptuppgifterna sparas så länge lagen kräver. Du kan skapa ett nytt konto genom att identifiera dig: ${link}`;
  if (language === 'en') return `Resepti: your account has been deleted. Prescription records are kept for as long as the law requires. You can create a new account by identifying yourself: ${link}`;
  return `Resepti: tilisi on poistettu. Reseptitiedot säilytetään lain edellyttämän ajan. Uuden tilin voit luoda tunnistautumalla: ${link}`;
}
