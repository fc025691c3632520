import { credentialChangedSms, MESSAGES, orderHandledSms } from './messages.js';
import { QUESTIONNAIRE_ORDER_CONFIRM, QUESTIONNAIRES, TOPICS } from './questionnaires.js';
import { acceptLanguageTags, formatMoney, pickLanguage } from './language.js';
import { messageTable, renewableTillTextIn, translateMessage } from './translations.js';
import { CUSTOMER_MESSAGES } from './customer-rules.js';
import { VALIDATION_MESSAGES } from './validation.js';

describe('translations', () => {
  it('keeps the Finnish text messages exactly, and has them in Swedish and English', () => {
    expect(orderHandledSms('https://resepti.example.fi/')).toBe('Resepti: lääkäri on käsitellyt tilauksesi. Näet päätökset kirjautumalla palveluun: https://resepti.example.fi/reseptit');
    expect(orderHandledSms('https://r.fi', 'sv')).toMatch(/^Resepti: läkaren har behandlat din beställning\..*https:\/\/r\.fi\/reseptit$/);
    expect(orderHandledSms('https://r.fi', 'en')).toMatch(/^Resepti: a doctor has handled your order\..*https:\/\/r\.fi\/reseptit$/);
    expect(credentialChangedSms('https://r.fi', 'password')).toBe('Resepti: tilisi salasana on vaihdettu. Jos et tehnyt muutosta itse, vaihda salasana heti tunnistautumalla: https://r.fi/login');
  });

  it('has every text of the questionnaires in Swedish and English', () => {
    const texts = new Set<string>([QUESTIONNAIRE_ORDER_CONFIRM, ...TOPICS.map((t) => t.name)]);
    for (const steps of Object.values(QUESTIONNAIRES)) {
      for (const step of steps) {
        texts.add(step.question);
        if (step.placeholder) texts.add(step.placeholder);
        for (const a of step.answers ?? []) texts.add(a.text);
      }
    }
    const sv = messageTable('sv');
    const en = messageTable('en');
    const missing = [...texts].filter((t) => !sv[t] || !en[t]);
    expect(missing).toEqual([]);
  });

  it('looks a message up by its Finnish text, and leaves an unknown one Finnish', () => {
    expect(translateMessage(MESSAGES.loginFailed, 'fi')).toBe('Kirjautumistiedot virheelliset. Yritä uudelleen');
    expect(translateMessage(MESSAGES.loginFailed, 'sv')).toBe('Felaktiga inloggningsuppgifter. Försök igen');
    expect(translateMessage('Jotain aivan muuta', 'en')).toBe('Jotain aivan muuta');
  });

  it('formats money and the renewal date per language', () => {
    expect(formatMoney(990, 'fi')).toBe('9,90 €');
    expect(formatMoney(990, 'sv').replace(/\s/g, ' ')).toBe('9,90 €');
    expect(formatMoney(990, 'en')).toBe('€9.90');
    expect(renewableTillTextIn('2028-11-15T10:00:00Z', 'fi')).toBe('Uusittavissa 11/2028 asti');
    expect(renewableTillTextIn('2028-11-15T10:00:00Z', 'sv')).toBe('Kan förnyas till 11/2028');
    expect(renewableTillTextIn('2028-11-15T10:00:00Z', 'en')).toBe('Renewable until 11/2028');
  });

  it('picks the language from the preferred tags, Finnish when none is served', () => {
    expect(pickLanguage(['sv-FI', 'fi'])).toBe('sv');
    expect(pickLanguage(['de-DE', 'en-GB'])).toBe('en');
    expect(pickLanguage(['de-DE'])).toBeNull();
    expect(acceptLanguageTags('fi;q=0.5, sv-FI, *;q=0.1, en;q=0')).toEqual(['sv-FI', 'fi']);
  });

  it("has every message a patient can meet in Swedish and English (staff-only ones stay Finnish)", () => {
    const STAFF_ONLY = new Set<string>([
      VALIDATION_MESSAGES.firstNameRequired, VALIDATION_MESSAGES.lastNameRequired, VALIDATION_MESSAGES.usernameMissing, VALIDATION_MESSAGES.usernameTaken,
      VALIDATION_MESSAGES.usernameTakenEdit, VALIDATION_MESSAGES.usernameTooShort, VALIDATION_MESSAGES.usernameInvalid, VALIDATION_MESSAGES.usernameTooLong,
      VALIDATION_MESSAGES.userSaveFailed, VALIDATION_MESSAGES.deleteConfirm, MESSAGES.reasonMandatory,
    ]);
    const all: unknown[] = Object.values({ ...CUSTOMER_MESSAGES, ...VALIDATION_MESSAGES, ...MESSAGES });
    const patientFacing = all.filter((m): m is string => typeof m === 'string' && !STAFF_ONLY.has(m));
    for (const language of ['sv', 'en'] as const) {
      const table = messageTable(language);
      expect(patientFacing.filter((m) => !table[m])).toEqual([]);
    }
  });

  it('translates messages with a setting in them (the minimum age)', () => {
    expect(translateMessage(VALIDATION_MESSAGES.tooYoung(18), 'fi')).toBe(VALIDATION_MESSAGES.tooYoung(18));
    expect(translateMessage(VALIDATION_MESSAGES.tooYoung(20), 'sv')).toBe('Tjänsten kan användas endast av personer som fyllt 20 år. Kontakta din egen hälsocentral eller läkare.');
    expect(translateMessage(VALIDATION_MESSAGES.tooYoung(18), 'en')).toBe('The service can only be used by people aged 18 or over. Please contact your own health centre or doctor.');
  });
});
