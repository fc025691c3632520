/** Server and client messages that both sides must spell identically (SPEC sections 5 and 8). */
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
export function orderHandledSms(serviceUrl: string): string {
  return `Resepti: lääkäri on käsitellyt tilauksesi. Näet päätökset kirjautumalla palveluun: ${serviceUrl.replace(/\/+$/, '')}/reseptit`;
}

/**
 * The text message a customer gets when their password or e-mail address (the login) changed, so
 * that a change they did not make is noticed at once. Nothing medical, no address, no password:
 * only what changed and what to do if it was not them (a new password by strong identification).
 */
export function credentialChangedSms(serviceUrl: string, what: 'password' | 'email'): string {
  const changed = what === 'password' ? 'salasana on vaihdettu' : 'sähköpostiosoite on vaihdettu';
  return `Resepti: tilisi ${changed}. Jos et tehnyt muutosta itse, vaihda salasana heti tunnistautumalla: ${serviceUrl.replace(/\/+$/, '')}/login`;
}

/** The last text message to a closed account's phone: what happened and what stays. */
export function accountClosedSms(serviceUrl: string): string {
  return `Resepti: tilisi on poistettu. Reseptitiedot säilytetään lain edellyttämän ajan. Uuden tilin voit luoda tunnistautumalla: ${serviceUrl.replace(/\/+$/, '')}/login`;
}
