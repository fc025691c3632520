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
