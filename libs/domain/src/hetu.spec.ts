import { daysBetween, HETU_LENGTH, isTemporaryHetu, isValidHetu, normalizeHetu, parseHetu, patientFactsOf, validateHetu } from './hetu.js';
import { MESSAGES } from './messages.js';
import { localizeMessage } from './locales/all.js';

/** Independent implementation of the check character rule for building test data. */
function withCheck(datePart: string, sep: string, nnn: string): string {
  const chars = '0123456789ABCDEFHJKLMNPRSTUVWXY';
  return `${datePart}${sep}${nnn}${chars.charAt(parseInt(datePart + nnn, 10) % 31)}`;
}

describe('normalizeHetu', () => {
  it('trims and uppercases', () => {
    expect(normalizeHetu('  131052a308t \n')).toBe('131052A308T');
    expect(normalizeHetu('131052-308T')).toBe('131052-308T');
  });
});

describe('isTemporaryHetu (the test identities the integrators\' sandbox takes)', () => {
  it('is a valid hetu with an individual number of 900–999', () => {
    for (const h of ['010190-998V', '121212-913Y', withCheck('121212', '-', '900'), withCheck('010105', 'A', '999')]) expect(isTemporaryHetu(h)).toBe(true);
  });

  it('is not a permanent number (002–899), nor an invalid code', () => {
    for (const h of ['131052-308T', withCheck('121212', '-', '899'), withCheck('121212', '-', '002'), '121212-913X', '121212-9133', '']) expect(isTemporaryHetu(h)).toBe(false);
  });
});

describe('validateHetu', () => {
  it('HETU_LENGTH is 11', () => expect(HETU_LENGTH).toBe(11));

  it.each(['131052-308T', '010190-998V', '121212-913Y'])('accepts the known code %s', (h) => {
    expect(validateHetu(h)).toBeNull();
    expect(isValidHetu(h)).toBe(true);
  });

  it('builds the same check characters as the known codes', () => {
    expect(withCheck('131052', '-', '308')).toBe('131052-308T');
    expect(withCheck('010190', '-', '998')).toBe('010190-998V');
    expect(withCheck('121212', '-', '913')).toBe('121212-913Y');
  });

  it.each(['+', '-', 'Y', 'X', 'W', 'V', 'U', 'A', 'B', 'C', 'D', 'E', 'F'])(
    'accepts century separator %s',
    (sep) => {
      expect(isValidHetu(withCheck('010594', sep, '902'))).toBe(true);
    },
  );

  it('accepts concrete codes with the new separators', () => {
    expect(isValidHetu('010594Y9021')).toBe(true);
    expect(isValidHetu('020502E902X')).toBe(true);
    expect(isValidHetu('020502A902X')).toBe(true);
    expect(isValidHetu(withCheck('010110', 'B', '123'))).toBe(true);
  });

  it.each(['G', 'Z', 'T', '*', '/', ' ', '0'])('rejects unknown separator %j', (sep) => {
    expect(isValidHetu(withCheck('010594', sep, '902'))).toBe(false);
  });

  it('returns the Finnish message for invalid codes', () => {
    expect(validateHetu('131052-308U')).toBe(MESSAGES.hetuInvalid);
    expect(localizeMessage(validateHetu('131052-308U') ?? '', 'fi')).toBe('Tarkista henkilöturvatunnus');
  });

  it('rejects a wrong check character', () => {
    for (const c of '0123456789ABCDEFHJKLMNPRSUVWXY') {
      expect(isValidHetu(`131052-308${c}`)).toBe(false);
    }
  });

  it('rejects the letters never used as check characters', () => {
    // G, I, O, Q and Z are not in the check alphabet
    for (const c of 'GIOQZ') expect(isValidHetu(`131052-308${c}`)).toBe(false);
  });

  it.each(['', '131052-308', '131052-308TT', '131052308T', ' 131052-308', '1310520-308T'])(
    'rejects wrong length/shape %j',
    (h) => {
      expect(validateHetu(h)).toBe(MESSAGES.hetuInvalid);
    },
  );

  it('accepts lowercase and padded input after normalising', () => {
    expect(isValidHetu('  131052-308t ')).toBe(true);
    expect(isValidHetu(withCheck('020502', 'E', '902').toLowerCase())).toBe(true);
    expect(isValidHetu(' 020502a902x')).toBe(true);
  });

  it('rejects non-digits in date and individual number', () => {
    expect(isValidHetu('13105A-308T')).toBe(false);
    expect(isValidHetu('131052-3O8T')).toBe(false);
  });

  it('rejects impossible calendar dates', () => {
    expect(isValidHetu(withCheck('310290', '-', '123'))).toBe(false); // 31.2.
    expect(isValidHetu(withCheck('300290', '-', '123'))).toBe(false); // 30.2.
    expect(isValidHetu(withCheck('310490', '-', '123'))).toBe(false); // 31.4.
    expect(isValidHetu(withCheck('000190', '-', '123'))).toBe(false); // day 0
    expect(isValidHetu(withCheck('320190', '-', '123'))).toBe(false); // day 32
    expect(isValidHetu(withCheck('010090', '-', '123'))).toBe(false); // month 0
    expect(isValidHetu(withCheck('011390', '-', '123'))).toBe(false); // month 13
    expect(isValidHetu(withCheck('311290', '-', '123'))).toBe(true); // 31.12.
  });

  it('accepts 29.2. only in leap years of the right century', () => {
    expect(isValidHetu(withCheck('290296', '-', '123'))).toBe(true); // 1996
    expect(isValidHetu(withCheck('290297', '-', '123'))).toBe(false); // 1997
    expect(isValidHetu(withCheck('290200', 'A', '123'))).toBe(true); // 2000 is leap
    expect(isValidHetu(withCheck('290200', '-', '123'))).toBe(false); // 1900 is not
    expect(isValidHetu(withCheck('290200', '+', '123'))).toBe(false); // 1800 is not
    expect(isValidHetu(withCheck('290204', '+', '123'))).toBe(true); // 1804
  });

  it('rejects individual numbers 000 and 001, accepts 002–999', () => {
    expect(isValidHetu(withCheck('010190', '-', '000'))).toBe(false);
    expect(isValidHetu(withCheck('010190', '-', '001'))).toBe(false);
    expect(isValidHetu(withCheck('010190', '-', '002'))).toBe(true);
    expect(isValidHetu(withCheck('010190', '-', '899'))).toBe(true);
    expect(isValidHetu(withCheck('010190', '-', '900'))).toBe(true);
    expect(isValidHetu(withCheck('010190', '-', '999'))).toBe(true);
  });
});

describe('parseHetu', () => {
  it('returns birth date and sex', () => {
    expect(parseHetu('131052-308T')).toEqual({ birthDate: '1952-10-13', sex: 'f' });
    expect(parseHetu('010190-998V')).toEqual({ birthDate: '1990-01-01', sex: 'f' });
    expect(parseHetu('121212-913Y')).toEqual({ birthDate: '1912-12-12', sex: 'm' });
  });

  it('uses the century of the separator', () => {
    expect(parseHetu(withCheck('020502', '+', '903'))?.birthDate).toBe('1802-05-02');
    expect(parseHetu(withCheck('020502', 'U', '903'))?.birthDate).toBe('1902-05-02');
    expect(parseHetu(withCheck('020502', 'F', '903'))?.birthDate).toBe('2002-05-02');
    expect(parseHetu('020502a902x')?.birthDate).toBe('2002-05-02');
  });

  it('odd individual number is male, even is female', () => {
    expect(parseHetu(withCheck('150875', '-', '123'))?.sex).toBe('m');
    expect(parseHetu(withCheck('150875', '-', '124'))?.sex).toBe('f');
    expect(parseHetu(withCheck('150875', 'Y', '002'))?.sex).toBe('f');
  });

  it('returns null for invalid codes', () => {
    expect(parseHetu('131052-308U')).toBeNull();
    expect(parseHetu('')).toBeNull();
    expect(parseHetu(withCheck('310290', '-', '123'))).toBeNull();
  });
});

describe("patientFactsOf (the doctor's order view: age and sex)", () => {
  it.each([
    ['+', '1852-06-15', 174],
    ['-', '1952-06-15', 74],
    ['Y', '1952-06-15', 74],
    ['X', '1952-06-15', 74],
    ['W', '1952-06-15', 74],
    ['V', '1952-06-15', 74],
    ['U', '1952-06-15', 74],
  ])('reads the century of %s', (sep, birthDate, age) => {
    const hetu = withCheck('150652', sep, '123');
    expect(parseHetu(hetu)?.birthDate).toBe(birthDate);
    expect(patientFactsOf(hetu, '2026-06-15')).toEqual({ age, sex: 'm' });
  });

  it.each(['A', 'B', 'C', 'D', 'E', 'F'])('reads %s as the 2000s', (sep) => {
    expect(patientFactsOf(withCheck('150608', sep, '124'), '2026-11-29')).toEqual({ age: 18, sex: 'f' });
  });

  it('counts whole years: the day before the birthday is a year less', () => {
    const hetu = withCheck('291190', '-', '913');
    expect(patientFactsOf(hetu, '2026-11-28')).toEqual({ age: 35, sex: 'm' });
    expect(patientFactsOf(hetu, '2026-11-29')).toEqual({ age: 36, sex: 'm' });
  });

  it('reads the known codes, lower-case too', () => {
    expect(patientFactsOf('010190-998V', '2026-11-29')).toEqual({ age: 36, sex: 'f' });
    expect(patientFactsOf('131052-308t', '2026-11-29')).toEqual({ age: 74, sex: 'f' });
  });

  it('is null for an invalid hetu', () => {
    expect(patientFactsOf('131052-308U', '2026-11-29')).toBeNull();
    expect(patientFactsOf('', '2026-11-29')).toBeNull();
  });
});

describe('daysBetween', () => {
  it('counts whole days between Helsinki dates, over a month and a leap day', () => {
    expect(daysBetween('2026-11-29', '2026-11-29')).toBe(0);
    expect(daysBetween('2026-10-30', '2026-11-29')).toBe(30);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});
