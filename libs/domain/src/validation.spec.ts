import {
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  VALIDATION_MESSAGES as M,
  isStrongPassword,
  isValidEmail,
  isValidPhone,
  normalizePhone,
  normalizeEmail,
  passwordChangeErrors,
  passwordErrors,
  phoneFieldErrors,
  registrationPasswordErrors,
  validateEmail,
  validatePhone,
  validateNewPharmacyUser,
  validatePharmacyUserEdit,
  validateUsername,
} from './validation.js';
import { localizeMessage } from './locales/all.js';

/** A message as a Finnish reader gets it (the rules give keys of the catalogs, or Finnish-only staff texts). */
const fi = (message: string | null) => (message === null ? null : localizeMessage(message, 'fi'));
const FINNISH_M = Object.fromEntries(Object.entries(M).map(([name, m]) => [name, typeof m === 'string' ? fi(m) : m]));

describe('VALIDATION_MESSAGES', () => {
  it('spells the SPEC messages exactly', () => {
    expect(FINNISH_M).toMatchObject({
      firstNameRequired: 'Etunimi on pakollinen',
      lastNameRequired: 'Sukunimi on pakollinen',
      usernameMissing: 'Käyttäjätunnus puuttuu',
      usernameTaken: 'Käyttäjätunnus on varattu',
      usernameTakenEdit: 'Käyttäjätunnus on jo varattu!',
      usernameTooShort: 'Käyttäjätunnus on oltava vähintään 2 merkkiä pitkä',
      passwordTooShort: 'Salasanan pitää olla vähintään kahdeksan merkkiä pitkä.',
      passwordComposition: 'Salasanan pitää sisältää vähintään yksi pieni, yksi iso kirjain ja yksi numero.',
      passwordsDoNotMatch: 'Salasanat eivät täsmää.',
      passwordFormatInvalid: 'Salasanan muoto ei kelpaa',
      passwordsDoNotMatchChange: 'Salasanat eivät vastaa toisiaan',
      emailInvalid: 'Sähköpostin muoto on virheellinen.',
      phoneInvalid: 'Puhelinnumeron muoto on virheellinen.',
      userSaveFailed: 'Käyttäjän lisääminen ei onnistunut! Ole hyvä ja ota yhteyttä ylläpitoon.',
      deleteConfirm: 'Oletko varma, että haluat poistaa käyttäjätunnuksen? Toimintaa ei voi perua.',
      campaignCodeNotFound: 'Kampanjakoodia ei löytynyt',
    });
  });
});

describe('passwords', () => {
  it('minimum length is 8', () => expect(PASSWORD_MIN_LENGTH).toBe(8));

  it.each(['Salasana1', 'abcDEF12', 'Aa1aaaaa', 'Ääliö123', 'pItkä salasana 2024'])('%j is strong', (pw) => {
    expect(passwordErrors(pw)).toEqual([]);
    expect(isStrongPassword(pw)).toBe(true);
  });

  it('reports only the length for a short but well-composed password', () => {
    expect(passwordErrors('Aa1')).toEqual([M.passwordTooShort]);
    expect(passwordErrors('Abcde12')).toEqual([M.passwordTooShort]); // 7 chars
  });

  it('reports only composition for a long password missing a class', () => {
    expect(passwordErrors('salasana1')).toEqual([M.passwordComposition]); // no upper
    expect(passwordErrors('SALASANA1')).toEqual([M.passwordComposition]); // no lower
    expect(passwordErrors('Salasanaa')).toEqual([M.passwordComposition]); // no digit
    expect(passwordErrors('12345678')).toEqual([M.passwordComposition]);
  });

  it('reports both for short and weak passwords, length first', () => {
    expect(passwordErrors('')).toEqual([M.passwordTooShort, M.passwordComposition]);
    expect(passwordErrors('abc')).toEqual([M.passwordTooShort, M.passwordComposition]);
  });

  it('counts ä, ö and å as letters of their case', () => {
    expect(isStrongPassword('ÄÖÅäöå12')).toBe(true);
    expect(isStrongPassword('äöåäöå12')).toBe(false);
    expect(isStrongPassword('ÄÖÅÄÖÅ12')).toBe(false);
    expect(isStrongPassword('Åke12345')).toBe(true);
  });

  it('exactly 8 characters is enough', () => {
    expect(isStrongPassword('Abcdef12')).toBe(true);
  });
});

describe('validateUsername / USERNAME_PATTERN', () => {
  it.each(['ab', 'matti.meikäläinen', 'user_1', 'a-b', 'apteekki@example.fi', 'Åsa', 'x'.repeat(50)])(
    'accepts %j',
    (u) => {
      expect(validateUsername(u)).toBeNull();
      expect(USERNAME_PATTERN.test(u)).toBe(true);
    },
  );

  it('missing → usernameMissing', () => expect(validateUsername('')).toBe(M.usernameMissing));
  it('1 char → usernameTooShort', () => expect(validateUsername('a')).toBe(M.usernameTooShort));

  it.each(['matti meikäläinen', 'a b', 'nimi!', 'käyttäjä#1', 'x'.repeat(51), 'tab\tbed'])('rejects %j', (u) => {
    expect(validateUsername(u)).not.toBeNull();
    expect(USERNAME_PATTERN.test(u)).toBe(false);
  });
});

describe('validateNewPharmacyUser', () => {
  const good = { firstName: 'Maija', lastName: 'Mehiläinen', username: 'maija.m', password: 'Salasana1' };

  it('valid input gives an empty object', () => {
    expect(validateNewPharmacyUser(good)).toEqual({});
    expect(validateNewPharmacyUser({ ...good, passwordConfirm: 'Salasana1' })).toEqual({});
  });

  it('requires names', () => {
    expect(validateNewPharmacyUser({ ...good, firstName: '', lastName: '  ' })).toEqual({
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
    });
  });

  it('username missing or too short', () => {
    expect(validateNewPharmacyUser({ ...good, username: '' }).username).toBe(M.usernameMissing);
    expect(validateNewPharmacyUser({ ...good, username: '   ' }).username).toBe(M.usernameMissing);
    expect(validateNewPharmacyUser({ ...good, username: 'm' }).username).toBe(M.usernameTooShort);
  });

  it('password length then composition', () => {
    expect(validateNewPharmacyUser({ ...good, password: 'Sal1' }).password).toBe(M.passwordTooShort);
    expect(validateNewPharmacyUser({ ...good, password: 'salasana1' }).password).toBe(M.passwordComposition);
  });

  it('checks the confirmation only when given', () => {
    expect(validateNewPharmacyUser({ ...good, passwordConfirm: 'Salasana2' })).toEqual({
      passwordConfirm: M.passwordsDoNotMatch,
    });
    expect(validateNewPharmacyUser({ ...good, passwordConfirm: '' }).passwordConfirm).toBe(M.passwordsDoNotMatch);
    expect(validateNewPharmacyUser(good)).not.toHaveProperty('passwordConfirm');
  });

  it('reports every field of an empty form', () => {
    expect(
      validateNewPharmacyUser({ firstName: '', lastName: '', username: '', password: '', passwordConfirm: 'x' }),
    ).toEqual({
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
      username: M.usernameMissing,
      password: M.passwordTooShort,
      passwordConfirm: M.passwordsDoNotMatch,
    });
  });
});

describe('validatePharmacyUserEdit', () => {
  it('names are required', () => {
    expect(validatePharmacyUserEdit('firstName', '')).toBe(M.firstNameRequired);
    expect(validatePharmacyUserEdit('lastName', ' ')).toBe(M.lastNameRequired);
    expect(validatePharmacyUserEdit('firstName', 'A')).toBeNull();
    expect(validatePharmacyUserEdit('lastName', 'Öhman')).toBeNull();
  });

  it('username at least 2 characters: empty, blank and 1 character get the SPEC edit message', () => {
    const tooShort = 'Käyttäjätunnus on oltava vähintään 2 merkkiä pitkä';
    expect(validatePharmacyUserEdit('username', '')).toBe(tooShort);
    expect(validatePharmacyUserEdit('username', '   ')).toBe(tooShort);
    expect(validatePharmacyUserEdit('username', 'a')).toBe(tooShort);
    expect(validatePharmacyUserEdit('username', 'ä')).toBe(tooShort);
    expect(validatePharmacyUserEdit('username', 'ab')).toBeNull();
    expect(validatePharmacyUserEdit('username', 'äö')).toBeNull();
  });

  it('the edit form never says "Käyttäjätunnus puuttuu" (that is the new-user form’s message)', () => {
    for (const value of ['', ' ', 'a']) expect(validatePharmacyUserEdit('username', value)).not.toBe(M.usernameMissing);
    expect(validateNewPharmacyUser({ firstName: 'A', lastName: 'B', username: '', password: 'Salasana1' }).username).toBe('Käyttäjätunnus puuttuu');
  });

  it('username rules beyond the length still apply', () => {
    expect(validatePharmacyUserEdit('username', 'a b')).toBe(M.usernameInvalid);
    expect(validatePharmacyUserEdit('username', 'a'.repeat(51))).toBe(M.usernameTooLong);
  });

  it('password needs length and composition', () => {
    expect(validatePharmacyUserEdit('password', 'Salasana1')).toBeNull();
    expect(validatePharmacyUserEdit('password', 'salasana1')).toBe(M.passwordComposition);
    expect(validatePharmacyUserEdit('password', 'Sa1')).toBe(M.passwordTooShort);
  });
});

describe('isValidEmail', () => {
  it.each([
    'laakari@example.fi',
    'matti.meikalainen@example.com',
    'a+tag@sub.domain.org',
    'x@y.fi',
    ' matti@example.fi ',
  ])('accepts %j', (e) => expect(isValidEmail(e)).toBe(true));

  it.each([
    '',
    'matti',
    'matti@',
    '@example.fi',
    'matti@example',
    'matti@example.f',
    'matti@example.info',
    'matti@@example.fi',
    'matti meikä@example.fi',
    'matti@example..fi',
    'matti@.fi',
  ])('rejects %j', (e) => expect(isValidEmail(e)).toBe(false));
});

describe('phone numbers', () => {
  it('normalizePhone gives the E.164 form of a valid number', () => {
    expect(normalizePhone(' +358 40 123\t4567 ')).toBe('+358401234567');
    expect(normalizePhone('040 123 4567')).toBe('+358401234567');
  });

  it.each([
    '+358401234567',
    '+358 40 123 4567',
    '0401234567',
    '040 123 4567',
    '00358401234567',
    '1234',
    '12345678901',
    '+3581234',
    '+35812345678901',
    '012345678901',
    '09 1234',
  ])('accepts %j', (p) => expect(isValidPhone(p)).toBe(true));

  it.each([
    '',
    '123',
    '+358123',
    '123456789012',
    '+358123456789012',
    '+46701234567',
    '040-1234567',
    '(040) 1234567',
    'puhelin',
    '+358 40 123 456a',
    '00123456',
  ])('rejects %j', (p) => expect(isValidPhone(p)).toBe(false));
});

describe('customer account rules', () => {
  it('validates e-mail and phone with the profile messages', () => {
    expect(validateEmail('Aino@Example.fi')).toBeNull();
    expect(fi(validateEmail('aino@example'))).toBe('Sähköpostin muoto on virheellinen.');
    expect(normalizeEmail('  Aino@Example.FI ')).toBe('aino@example.fi');
    expect(validatePhone('040 123 4567')).toBeNull();
    expect(validatePhone('+358 40 123')).toBeNull();
    expect(fi(validatePhone('040-123'))).toBe('Puhelinnumeron muoto on virheellinen.');
  });

  it("says of a refused number why: only a Finnish mobile number receives the text message (fi, sv, en)", () => {
    expect(phoneFieldErrors('040 123 4567')).toEqual([]);
    const refused = phoneFieldErrors('+44 7700 900123');
    expect(refused.map((m) => localizeMessage(m, 'fi'))).toEqual(['Puhelinnumeron muoto on virheellinen.', 'Tekstiviestin voi vastaanottaa vain suomalainen matkapuhelinnumero (+358).']);
    expect(localizeMessage(refused[1], 'sv')).toBe('Textmeddelandet kan tas emot endast av ett finskt mobilnummer (+358).');
    expect(localizeMessage(refused[1], 'en')).toBe('Only a Finnish mobile number (+358) can receive the text message.');
  });

  it('gives the registration password messages, including the mismatch', () => {
    expect(registrationPasswordErrors('Salasana1', 'Salasana1')).toEqual([]);
    expect(registrationPasswordErrors('lyhyt', 'lyhyt2').map(fi)).toEqual([fi(M.passwordTooShort), fi(M.passwordComposition), 'Salasanat eivät täsmää.']);
  });

  it('gives the password change messages of SPEC section 5', () => {
    expect(passwordChangeErrors('Salasana1')).toEqual([]);
    expect(passwordChangeErrors('Lyhyt1').map(fi)).toEqual(['Salasanan pitää olla vähintään kahdeksan merkkiä pitkä.']);
    expect(passwordChangeErrors('salasanaton').map(fi)).toEqual(['Salasanan muoto ei kelpaa']);
    expect(passwordChangeErrors('Salasana1', 'Salasana2').map(fi)).toEqual(['Salasanat eivät vastaa toisiaan']);
  });
});
