/**
 * The scripted new-prescription questionnaires (SPEC section 4) as data.
 * Steps are numbered from 1; every answer names the step it leads to.
 * End steps have no type, `answers: null` and `canOrder` set.
 * Question texts may contain line breaks ('\n').
 */

import type { TextKey } from './i18n.js';

export type QuestionType = 'oneOf' | 'multiChoice' | 'textInput';

export interface QuestionnaireAnswer {
  text: string;
  next: number;
  /** multiChoice only: the stored value of the choice. */
  value?: string;
}

export interface QuestionnaireStep {
  id: number;
  question: string;
  type?: QuestionType;
  /** [] for textInput, null at an end step. */
  answers: QuestionnaireAnswer[] | null;
  /** Next step for textInput and multiChoice steps. */
  next?: number;
  placeholder?: string;
  /** End steps: whether the user may go on to order. */
  canOrder?: boolean;
  /** The step's text is left out of the chat record saved with the request. */
  discardOnSave?: boolean;
  /**
   * Asked only of customers of this sex (the pregnancy question: women). All its answers lead to
   * one step, where the others go straight on (questionnaireStepFor).
   */
  onlyFor?: 'm' | 'f';
}

export type TopicId = 'erection_disorder' | 'allergy' | 'urethritis';

export interface Topic {
  id: TopicId;
  name: string;
  sex: 'm' | 'f' | 'both';
  script: string;
}

export const TOPICS: readonly Topic[] = [
  { id: 'erection_disorder', name: 'Erektiohäiriö', sex: 'm', script: 'erection_disorder' },
  { id: 'allergy', name: 'Allergia', sex: 'both', script: 'allergy' },
  { id: 'urethritis', name: 'Virtsatieinfektio', sex: 'f', script: 'vti' },
];

export const QUESTIONNAIRE_FIRST_STEP = 1;

export const QUESTIONNAIRE_REJECTION_TEXT =
  'Antamiesi tietojen perusteella hoitoa ei valitettavasti voida määrätä palvelun kautta. ' +
  'Ota yhteyttä omaan lääkäriisi jatkotutkimuksia varten.';

export const QUESTIONNAIRE_ACCEPTANCE_TEXT =
  'Antamiesi tietojen perusteella reseptipyyntösi voidaan välittää palvelun lääkärille, ' +
  'joka tekee lopullisen päätöksen reseptin myöntämisestä.\nHaluatko hakea reseptiä?';

/** Confirm button shown at an end step that allows ordering. */
export const QUESTIONNAIRE_ORDER_CONFIRM = 'Kyllä, haetaan reseptiä';

const yesNo = (yes: number, no: number, noText = 'Ei'): QuestionnaireAnswer[] => [
  { text: 'Kyllä', next: yes },
  { text: noText, next: no },
];

const rejectionEnd = (id: number): QuestionnaireStep => ({
  id,
  question: QUESTIONNAIRE_REJECTION_TEXT,
  answers: null,
  canOrder: false,
});

const acceptanceEnd = (id: number): QuestionnaireStep => ({
  id,
  question: QUESTIONNAIRE_ACCEPTANCE_TEXT,
  answers: null,
  canOrder: true,
  discardOnSave: true,
});

const ERECTION_DISORDER: QuestionnaireStep[] = [
  {
    id: 1,
    question: 'Onko erektiohäiriösi syitä tutkittu aiemmin lääkärin vastaanotolla?',
    type: 'oneOf',
    answers: yesNo(2, 6),
  },
  {
    id: 2,
    question:
      'Onko terveydentilassasi tapahtunut muutoksia tutkimusten jälkeen?\n' +
      'Esimerkiksi sydämeen tai verenkiertoon liittyviä oireita, kuten rintakipua, hengenahdistusta tai rytmihäiriöitä.',
    type: 'oneOf',
    answers: yesNo(4, 3),
  },
  {
    id: 3,
    question:
      'Käytätkö nitraattilääkkeitä?\n' +
      'Esimerkiksi nitroglyseriini (Nitro), isosorbidimononitraatti (Imdur, Ismo) tai isosorbididinitraatti.',
    type: 'oneOf',
    answers: yesNo(4, 5),
  },
  rejectionEnd(4),
  acceptanceEnd(5),
  {
    id: 6,
    question: 'Alkoivatko oireet vähitellen?',
    type: 'oneOf',
    answers: yesNo(7, 10),
  },
  {
    id: 7,
    question: 'Ovatko oireet jatkuvia?',
    type: 'oneOf',
    answers: yesNo(8, 8),
  },
  {
    id: 8,
    question: 'Onko sinulla aamuerektioita?',
    type: 'oneOf',
    answers: yesNo(10, 9),
  },
  {
    id: 9,
    question: 'Esiintyykö erektio-ongelma myös itsetyydytyksen aikana?',
    type: 'oneOf',
    answers: yesNo(11, 11),
  },
  {
    id: 10,
    question: 'Oletko viime aikoina ollut tavallista stressaantuneempi?',
    type: 'oneOf',
    answers: yesNo(11, 11),
  },
  {
    id: 11,
    question: 'Onko sinulla todettu yleissairauksia?',
    type: 'oneOf',
    answers: yesNo(13, 12),
  },
  {
    id: 12,
    question:
      'Onko terveydentilassasi tapahtunut viime aikoina muutoksia?\n' +
      'Esimerkiksi sydänoireita, rasituksessa ilmenevää kipua tai uusia lääkityksiä.',
    type: 'oneOf',
    answers: yesNo(4, 3),
  },
  {
    id: 13,
    question: 'Mitä seuraavista sairauksista sinulla on todettu? Valitse kaikki sopivat.',
    type: 'multiChoice',
    answers: [
      { text: 'Diabetes', value: 'diabetes', next: 14 },
      { text: 'Verenpainetauti', value: 'verenpainetauti', next: 14 },
      { text: 'Lihavuus', value: 'lihavuus', next: 14 },
      { text: 'Korkea kolesteroli', value: 'korkea kolesteroli', next: 14 },
      { text: 'Sydän- ja verisuonitauti', value: 'sydän- ja verisuonitauti', next: 14 },
    ],
    next: 14,
  },
  {
    id: 14,
    question: 'Ovatko sairautesi hyvässä hoitotasapainossa?',
    type: 'oneOf',
    answers: yesNo(3, 4),
  },
];

const ALLERGY: QuestionnaireStep[] = [
  {
    id: 1,
    question: 'Missä allergiaoireesi ilmenevät?',
    type: 'oneOf',
    answers: [
      { text: 'Nenässä', next: 2 },
      { text: 'Silmissä', next: 2 },
      { text: 'Sekä nenässä että silmissä', next: 2 },
    ],
  },
  {
    id: 2,
    question: 'Ovatko oireesi kausiluonteisia vai ympärivuotisia?',
    type: 'oneOf',
    answers: [
      { text: 'Kausiluonteisia', next: 3 },
      { text: 'Ympärivuotisia', next: 3 },
    ],
  },
  {
    id: 3,
    question: 'Mille olet allerginen?',
    type: 'textInput',
    answers: [],
    next: 4,
    placeholder: 'Esim. koivun siitepöly, pölypunkki, kissa',
  },
  {
    id: 4,
    question: 'Oletko raskaana?',
    type: 'oneOf',
    answers: yesNo(5, 5),
    onlyFor: 'f',
  },
  {
    id: 5,
    question: 'Onko sinulla lääkeaineallergioita?',
    type: 'oneOf',
    answers: yesNo(6, 7),
  },
  {
    id: 6,
    question: 'Mille lääkeaineille olet allerginen?',
    type: 'textInput',
    answers: [],
    next: 7,
    placeholder: 'Kirjoita lääkeaineet tähän',
  },
  acceptanceEnd(7),
];

const VTI: QuestionnaireStep[] = [
  {
    id: 1,
    question: 'Onko sinulla ollut aiemmin virtsatieinfektio?',
    type: 'oneOf',
    answers: yesNo(2, 2),
  },
  {
    id: 2,
    question: 'Onko sinulla tihentynyttä virtsaamistarvetta, virtsaamispakkoa tai kirvelyä virtsatessa?',
    type: 'oneOf',
    answers: yesNo(3, 8),
  },
  {
    id: 3,
    question: 'Onko mahdollista, että sinulla on sukupuolitauti?',
    type: 'oneOf',
    answers: yesNo(8, 4),
  },
  {
    id: 4,
    question: 'Onko sinulla kuumetta tai kipua selässä tai kyljissä?',
    type: 'oneOf',
    answers: yesNo(8, 5),
  },
  {
    id: 5,
    question: 'Oletko raskaana?',
    type: 'oneOf',
    answers: yesNo(6, 6, 'En'),
  },
  {
    id: 6,
    question: 'Onko sinulla lääkeaineallergioita?',
    type: 'oneOf',
    answers: yesNo(7, 9),
  },
  {
    id: 7,
    question: 'Mille lääkeaineille olet allerginen?',
    type: 'textInput',
    answers: [],
    next: 9,
    placeholder: 'Kirjoita lääkeaineet tähän',
  },
  rejectionEnd(8),
  acceptanceEnd(9),
];

export const QUESTIONNAIRES: Record<TopicId, QuestionnaireStep[]> = {
  erection_disorder: ERECTION_DISORDER,
  allergy: ALLERGY,
  urethritis: VTI,
};

export function isTopicId(v: unknown): v is TopicId {
  return typeof v === 'string' && TOPICS.some((t) => t.id === v);
}

/** Topics offered to a customer of the given sex. */
export function topicsForSex(sex: 'm' | 'f'): Topic[] {
  return TOPICS.filter((t) => t.sex === 'both' || t.sex === sex);
}

export function questionnaireStep(topic: TopicId, id: number): QuestionnaireStep | undefined {
  return QUESTIONNAIRES[topic]?.find((s) => s.id === id);
}

/**
 * The step a customer of the given sex sees at `id`: a step asked only of the other sex (the
 * pregnancy question for men) is passed over to the step its answers lead to.
 */
export function questionnaireStepFor(topic: TopicId, id: number, sex: 'm' | 'f'): QuestionnaireStep | undefined {
  let step = questionnaireStep(topic, id);
  while (step?.onlyFor && step.onlyFor !== sex) step = questionnaireStep(topic, step.answers?.[0]?.next ?? -1);
  return step;
}

export function isEndStep(step: QuestionnaireStep): boolean {
  return step.answers === null;
}

export interface ChatEntry {
  text: string;
  type: 'question' | 'answer';
  discardOnSave?: boolean;
}

/** The chat record saved with a request: discard-on-save entries removed. */
export function chatRecordForSave(chat: ChatEntry[]): ChatEntry[] {
  return chat.filter((e) => !e.discardOnSave).map((e) => ({ text: e.text, type: e.type }));
}

/** A chat entry as a client sends it with a request: `step` is the questionnaire step it belongs to. */
export interface NumberedChatEntry {
  text: string;
  type: 'question' | 'answer';
  step?: number;
}

/**
 * The server's check of a new-prescription chat: it walks the topic's questionnaire along the
 * numbered entries. 'accepted': the path ends at a step that allows ordering; 'rejected': at one
 * that does not; 'invalid': the entries do not follow the questionnaire (a wrong step, a question
 * or choice that is not there, a multi-choice with no pick, an empty free text, an unfinished
 * path, a question the customer's sex is not asked, such as pregnancy for a man); 'unverified':
 * no entry carries a step (integrators may send a bare chat; the doctor is told it was not checked).
 */
export function replayQuestionnaire(topic: TopicId, chat: readonly NumberedChatEntry[], sex: 'm' | 'f'): 'accepted' | 'rejected' | 'invalid' | 'unverified' {
  const numbered = chat.filter((e) => e.step !== undefined);
  if (numbered.length === 0) return 'unverified';
  if (numbered.length !== chat.length) return 'invalid';
  let current = questionnaireStepFor(topic, QUESTIONNAIRE_FIRST_STEP, sex);
  for (const entry of chat) {
    if (!current || entry.step !== current.id) return 'invalid';
    if (entry.type === 'question') {
      if (entry.text !== current.question) return 'invalid';
      continue;
    }
    const next = questionnaireAnswerNext(current, entry.text);
    if (next === null) return 'invalid';
    current = questionnaireStepFor(topic, next, sex);
  }
  if (!current || !isEndStep(current)) return 'invalid';
  return current.canOrder ? 'accepted' : 'rejected';
}

/** Where an answer leads from a question step, or null when it is no answer to that step. */
export function questionnaireAnswerNext(step: QuestionnaireStep, text: string): number | null {
  switch (step.type) {
    case 'oneOf':
      return step.answers?.find((a) => a.text === text)?.next ?? null;
    case 'multiChoice': {
      // The picked choices' texts joined by ', ', in any order, at least one, each once.
      const choices = (step.answers ?? []).map((a) => a.text);
      let rest = text;
      const picked = new Set<string>();
      while (rest !== '') {
        const choice = choices.find((c) => !picked.has(c) && (rest === c || rest.startsWith(`${c}, `)));
        if (!choice) return null;
        picked.add(choice);
        rest = rest === choice ? '' : rest.slice(choice.length + 2);
      }
      return picked.size > 0 ? (step.next ?? null) : null;
    }
    case 'textInput':
      return text.trim() !== '' ? (step.next ?? null) : null;
    default:
      return null;
  }
}

/**
 * The catalog keys of the questionnaires' texts (locales/*.json, `questionnaire`): the screen shows the
 * patient's language; the chat record keeps the Finnish above (the server replays the path against it,
 * the doctor reads it). The locales test checks that fi.json holds these very texts.
 */
export const questionnaireKeys = {
  topic: (topic: TopicId) => `questionnaire.topics.${topic}` as TextKey,
  question: (topic: TopicId, step: QuestionnaireStep): TextKey =>
    step.question === QUESTIONNAIRE_REJECTION_TEXT ? 'questionnaire.rejection' : step.question === QUESTIONNAIRE_ACCEPTANCE_TEXT ? 'questionnaire.acceptance' : (`questionnaire.${topic}.step${step.id}.question` as TextKey),
  /** The key of one of the step's answers, by its Finnish text (null for a text the patient typed). */
  answer: (topic: TopicId, step: QuestionnaireStep, text: string): TextKey | null => {
    const index = step.answers?.findIndex((a) => a.text === text) ?? -1;
    return index < 0 ? null : (`questionnaire.${topic}.step${step.id}.answer${index}` as TextKey);
  },
  placeholder: (topic: TopicId, step: QuestionnaireStep) => `questionnaire.${topic}.step${step.id}.placeholder` as TextKey,
  orderConfirm: 'questionnaire.orderConfirm' as TextKey,
};
