/** Field validation rules and their exact Finnish messages (SPEC sections 5 and 8). */
import type { KeyedMessage } from './i18n.js';
import { toE164Phone } from './phone.js';

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 50;

export const VALIDATION_MESSAGES = {
  firstNameRequired: 'Etunimi on pakollinen',
  lastNameRequired: 'Sukunimi on pakollinen',
  usernameMissing: 'Käyttäjätunnus puuttuu',
  usernameTaken: 'Käyttäjätunnus on varattu',
  usernameTakenEdit: 'Käyttäjätunnus on jo varattu!',
  usernameTooShort: 'Käyttäjätunnus on oltava vähintään 2 merkkiä pitkä',
  usernameInvalid: 'Käyttäjätunnus saa sisältää vain kirjaimia, numeroita ja merkkejä . _ - @',
  usernameTooLong: 'Käyttäjätunnus saa olla enintään 50 merkkiä pitkä',
  passwordTooShort: 'errors.passwordTooShort',
  passwordComposition: 'errors.passwordComposition',
  passwordCommon: 'errors.passwordCommon',
  passwordsDoNotMatch: 'errors.passwordsDoNotMatch',
  passwordFormatInvalid: 'errors.passwordFormatInvalid',
  passwordsDoNotMatchChange: 'errors.passwordsDoNotMatchChange',
  emailInvalid: 'errors.emailInvalid',
  phoneInvalid: 'errors.phoneInvalid',
  phoneFinnishOnly: 'errors.phoneFinnishOnly',
  userSaveFailed: 'Käyttäjän lisääminen ei onnistunut! Ole hyvä ja ota yhteyttä ylläpitoon.',
  deleteConfirm: 'Oletko varma, että haluat poistaa käyttäjätunnuksen? Toimintaa ei voi perua.',
  campaignCodeNotFound: 'errors.campaignCodeNotFound',
  termsRequired: 'errors.termsRequired',
  eulaVersionInvalid: 'errors.eulaVersionInvalid',
  emailTaken: 'errors.emailTaken',
  alreadyRegistered: 'errors.alreadyRegistered',
  notRegistered: 'errors.notRegistered',
  identificationMissing: 'errors.identificationMissing',
  tooYoung: (minAge: number): KeyedMessage => ({ key: 'errors.tooYoung', params: { minAge } }),
  currentPasswordMissing: 'errors.currentPasswordMissing',
  currentPasswordWrong: 'errors.currentPasswordWrong',
  passwordForEmailChange: 'errors.passwordForEmailChange',
  passwordForAccountClose: 'errors.passwordForAccountClose',
  emailMissing: 'errors.emailMissing',
  emailTooLong: 'errors.emailTooLong',
  passwordMissing: 'errors.passwordMissing',
  passwordTooLong: 'errors.passwordTooLong',
} as const;

const M = VALIDATION_MESSAGES;

// ---------------------------------------------------------------- passwords

/** Any lowercase / uppercase letter, so ä, ö and å count in their case. */
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const DIGIT = /[0-9]/;

export function hasPasswordComposition(pw: string): boolean {
  return LOWER.test(pw) && UPPER.test(pw) && DIGIT.test(pw);
}

/** All password problems: the length message and/or the composition message. */
export function passwordErrors(pw: string): string[] {
  const errors: string[] = [];
  if ([...pw].length < PASSWORD_MIN_LENGTH) errors.push(M.passwordTooShort);
  if (!hasPasswordComposition(pw)) errors.push(M.passwordComposition);
  return errors;
}

export function isStrongPassword(pw: string): boolean {
  return passwordErrors(pw).length === 0;
}

// ---------------------------------------------------------------- usernames

/** Letters (incl. äöå), digits, '.', '_', '-', '@'; 2–50 characters; no spaces. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]{2,50}$/u;

export function validateUsername(u: string): string | null {
  if (u.length === 0) return M.usernameMissing;
  const len = [...u].length;
  if (len < USERNAME_MIN_LENGTH) return M.usernameTooShort;
  if (len > USERNAME_MAX_LENGTH) return M.usernameTooLong;
  if (!USERNAME_PATTERN.test(u)) return M.usernameInvalid;
  return null;
}

// ---------------------------------------------------------------- pharmacy users

export type PharmacyUserField = 'firstName' | 'lastName' | 'username' | 'password' | 'passwordConfirm';
export type PharmacyUserErrors = Partial<Record<PharmacyUserField, string>>;

export interface NewPharmacyUserInput {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  passwordConfirm?: string;
}

/** Errors per field for the new-user form; an empty object means valid. */
export function validateNewPharmacyUser(input: NewPharmacyUserInput): PharmacyUserErrors {
  const errors: PharmacyUserErrors = {};
  if (input.firstName.trim() === '') errors.firstName = M.firstNameRequired;
  if (input.lastName.trim() === '') errors.lastName = M.lastNameRequired;
  const usernameError = validateUsername(input.username.trim() === '' ? '' : input.username);
  if (usernameError) errors.username = usernameError;
  const pwErrors = passwordErrors(input.password);
  if (pwErrors.length > 0) errors.password = pwErrors[0];
  if (input.passwordConfirm !== undefined && input.passwordConfirm !== input.password) {
    errors.passwordConfirm = M.passwordsDoNotMatch;
  }
  return errors;
}

/**
 * Inline validation of one field of the edit form (SPEC section 5, 'Edit pharmacy user'):
 * the edit form has no 'Käyttäjätunnus puuttuu' of its own, so an emptied username (or a
 * blank one; the caller trims) is "too short" like a one-character one.
 */
export function validatePharmacyUserEdit(
  field: 'firstName' | 'lastName' | 'username' | 'password',
  value: string,
): string | null {
  switch (field) {
    case 'firstName':
      return value.trim() === '' ? M.firstNameRequired : null;
    case 'lastName':
      return value.trim() === '' ? M.lastNameRequired : null;
    case 'username':
      return value.trim() === '' ? M.usernameTooShort : validateUsername(value);
    case 'password':
      return passwordErrors(value)[0] ?? null;
  }
}

// ---------------------------------------------------------------- customer contact details

/** local@domain.tld with a 2–3 letter top-level domain. */
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,3}$/;

export function isValidEmail(e: string): boolean {
  return EMAIL_PATTERN.test(e.trim());
}

/** A phone number as it is stored: E.164 (+358401234567) when valid, otherwise without whitespace. */
export function normalizePhone(p: string): string {
  return toE164Phone(p) ?? p.replace(/\s+/g, '');
}

export function isValidPhone(p: string): boolean {
  return toE164Phone(p) !== null;
}

/** null when valid, otherwise 'Sähköpostin muoto on virheellinen.' */
export function validateEmail(e: string): string | null {
  return isValidEmail(e) && e.trim().length <= 254 ? null : M.emailInvalid;
}

/** null when valid, otherwise 'Puhelinnumeron muoto on virheellinen.' */
export function validatePhone(p: string): string | null {
  return isValidPhone(p) ? null : M.phoneInvalid;
}

/**
 * What a form says of a number it refuses: the format message (SPEC) and why a foreign number
 * will not do (only a Finnish mobile number receives the text message). Empty when valid.
 */
export function phoneFieldErrors(p: string): string[] {
  return isValidPhone(p) ? [] : [M.phoneInvalid, M.phoneFinnishOnly];
}

/** E-mails are compared and stored trimmed and lower-case (unique case-insensitively). */
export function normalizeEmail(e: string): string {
  return e.trim().toLowerCase();
}

// ---------------------------------------------------------------- customer passwords

/**
 * Registration (SPEC section 5): the length and composition messages, and
 * 'Salasanat eivät täsmää.' when the second entry differs.
 */
export function registrationPasswordErrors(password: string, confirm?: string): string[] {
  const errors = passwordErrors(password);
  if (confirm !== undefined && confirm !== password) errors.push(M.passwordsDoNotMatch);
  return errors;
}

/**
 * Password change on the profile (SPEC section 5 has its own wording): too short, otherwise
 * 'Salasanan muoto ei kelpaa', and 'Salasanat eivät vastaa toisiaan' when the entries differ.
 */
export function passwordChangeErrors(password: string, confirm?: string): string[] {
  const errors: string[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) errors.push(M.passwordTooShort);
  else if (!hasPasswordComposition(password)) errors.push(M.passwordFormatInvalid);
  if (confirm !== undefined && confirm !== password) errors.push(M.passwordsDoNotMatchChange);
  return errors;
}

// ---------------------------------------------------------------- terms of use

/** The licence agreement version a customer accepts at registration (SPEC section 9). */
export const EULA_VERSION = '1';
