import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import './locales/all.js';
import { DOSAGE_FORMS, dosageFormCode, dosageFormName, patientItemName, patientReason, patientReasonLine, standardReasonCode } from './patient-texts.js';
import { DEFAULT_REJECTION_REASON } from './status.js';

describe('standard reasons', () => {
  it("SPEC's default rejection reason is the standard reason 'insufficientInformation', word for word", () => {
    expect(standardReasonCode(DEFAULT_REJECTION_REASON)).toBe('insufficientInformation');
    expect(standardReasonCode(`  ${DEFAULT_REJECTION_REASON}\n`)).toBe('insufficientInformation');
    expect(standardReasonCode('Lääkettä ei voida myöntää annettujen tietojen perusteella')).toBeNull();
    expect(standardReasonCode('')).toBeNull();
  });

  it("a standard reason reads in the patient's language, from its code or (a row without one) its Finnish text", () => {
    expect(patientReason({ reasonForDecision: DEFAULT_REJECTION_REASON, reasonCode: 'insufficientInformation' }, 'sv')).toEqual({
      text: 'Läkemedlet kan inte förskrivas på basis av de uppgifter som lämnats.',
      doctorsOwn: false,
    });
    expect(patientReason({ reasonForDecision: DEFAULT_REJECTION_REASON }, 'en').text).toBe('The medicine cannot be prescribed on the basis of the information given.');
    expect(patientReason({ reasonForDecision: DEFAULT_REJECTION_REASON, reasonCode: null }, 'fi').text).toBe(DEFAULT_REJECTION_REASON);
  });

  it("a doctor's own text is shown as written, in every language, and said to be the doctor's", () => {
    const own = 'Tämä vaatii vastaanottokäynnin. Varaa aika omalle lääkärillesi.';
    expect(patientReason({ reasonForDecision: own, reasonCode: null }, 'sv')).toEqual({ text: own, doctorsOwn: true });
    expect(patientReasonLine(patientReason({ reasonForDecision: own }, 'fi'), 'fi')).toBe(`${own} (Lääkärin oma teksti)`);
    expect(patientReasonLine(patientReason({ reasonForDecision: own }, 'en'), 'en')).toBe(`${own} (The doctor's own text)`);
    // An unknown code (a later version's) is not trusted: the text is shown as written.
    expect(patientReason({ reasonForDecision: own, reasonCode: 'toString' }, 'en')).toEqual({ text: own, doctorsOwn: true });
  });
});

describe('topics', () => {
  it("a request's topic reads in the patient's language; a medicine keeps its name", () => {
    expect(patientItemName({ medicalProblem: 'allergy', displayName: 'Allergia' }, 'sv')).toBe('Allergi');
    expect(patientItemName({ medicalProblem: 'erection_disorder', displayName: 'Erektiohäiriö' }, 'en')).toBe('Erectile dysfunction');
    expect(patientItemName({ medicalProblem: null, displayName: 'Kestine 10 mg' }, 'sv')).toBe('Kestine 10 mg');
  });
});

describe('dosage forms (EDQM Standard Terms)', () => {
  it('names a form in fi, sv and en; an unknown form keeps its Finnish text', () => {
    expect(dosageFormCode('tabletti, kalvopäällysteinen')).toBe('10221000');
    expect(dosageFormName('tabletti, kalvopäällysteinen', 'fi')).toBe('tabletti, kalvopäällysteinen');
    expect(dosageFormName('tabletti, kalvopäällysteinen', 'sv')).toBe('filmdragerad tablett');
    expect(dosageFormName('tabletti, kalvopäällysteinen', 'en')).toBe('film-coated tablet');
    expect(dosageFormName('Kapseli,  kova', 'en')).toBe('capsule, hard');
    expect(dosageFormName('peräpuikko', 'sv')).toBe('peräpuikko');
    expect(dosageFormName('', 'en')).toBe('');
  });

  it("covers every form of the shipped catalogue, and each term's Finnish name is the catalog's", () => {
    const csv = readFileSync(join(__dirname, '../../../docs/samples/products.csv'), 'utf8').trim().split('\n');
    const column = csv[0]!.split(';').indexOf('LAAKEMUOTO');
    const forms = new Set(csv.slice(1).map((line) => line.split(';')[column]!));
    expect(forms.size).toBeGreaterThan(5);
    for (const form of forms) expect([form, dosageFormCode(form)]).toEqual([form, expect.stringMatching(/^\d{8}$/)]);
    for (const f of DOSAGE_FORMS) expect(dosageFormName(f.fi, 'fi')).toBe(f.fi);
  });
});
