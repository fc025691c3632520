/** Server and client messages that both sides must spell identically (SPEC sections 5 and 8). */
export const MESSAGES = {
  loginFailed: 'Kirjautumistiedot virheelliset. Yritä uudelleen',
  hetuInvalid: 'Tarkista henkilöturvatunnus',
  reasonMandatory: 'Reason is mandatory when rejecting prescriptions.',
  unauthorized: 'Kirjaudu sisään uudelleen',
  forbidden: 'Sinulla ei ole oikeutta tähän toimintoon',
} as const;
