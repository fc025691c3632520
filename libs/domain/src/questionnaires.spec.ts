import {
  QUESTIONNAIRES,
  QUESTIONNAIRE_FIRST_STEP,
  TOPICS,
  chatRecordForSave,
  isEndStep,
  isTopicId,
  questionnaireAnswerNext,
  questionnaireStep,
  questionnaireStepFor,
  replayQuestionnaire,
  topicsForSex,
  type NumberedChatEntry,
  type QuestionnaireStep,
  type TopicId,
} from './questionnaires.js';

const TOPIC_IDS: TopicId[] = ['erection_disorder', 'allergy', 'urethritis'];

/** Follow-up step ids of a step: each answer's next, plus step.next for input/multi-choice. */
function successors(step: QuestionnaireStep): number[] {
  if (step.answers === null) return [];
  if (step.type === 'oneOf') return step.answers.map((a) => a.next);
  return [step.next!];
}

/** Every path from the first step to an end, as lists of step ids; throws on cycles or dangling links. */
function allPaths(topic: TopicId): number[][] {
  const paths: number[][] = [];
  const walk = (id: number, path: number[]) => {
    if (path.includes(id)) throw new Error(`cycle in ${topic}: ${[...path, id].join(' → ')}`);
    const step = questionnaireStep(topic, id);
    if (!step) throw new Error(`missing step ${id} in ${topic} after ${path.join(' → ')}`);
    const next = successors(step);
    if (next.length === 0) paths.push([...path, id]);
    for (const n of new Set(next)) walk(n, [...path, id]);
  };
  walk(QUESTIONNAIRE_FIRST_STEP, []);
  return paths;
}

describe('topics', () => {
  it('lists the three topics', () => {
    expect(TOPICS).toEqual([
      { id: 'erection_disorder', name: 'Erektiohäiriö', sex: 'm', script: 'erection_disorder' },
      { id: 'allergy', name: 'Allergia', sex: 'both', script: 'allergy' },
      { id: 'urethritis', name: 'Virtsatieinfektio', sex: 'f', script: 'vti' },
    ]);
  });

  it('filters by sex', () => {
    expect(topicsForSex('m').map((t) => t.id)).toEqual(['erection_disorder', 'allergy']);
    expect(topicsForSex('f').map((t) => t.id)).toEqual(['allergy', 'urethritis']);
  });

  it('isTopicId', () => {
    expect(isTopicId('allergy')).toBe(true);
    expect(isTopicId('vti')).toBe(false);
    expect(isTopicId(null)).toBe(false);
  });

  it('every topic has a questionnaire', () => {
    expect(Object.keys(QUESTIONNAIRES).sort()).toEqual([...TOPIC_IDS].sort());
  });
});

describe.each(TOPIC_IDS)('questionnaire %s: structure', (topic) => {
  const steps = QUESTIONNAIRES[topic];

  it('has unique ids numbered 1..n', () => {
    expect(steps.map((s) => s.id)).toEqual(steps.map((_, i) => i + 1));
  });

  it('every step is well formed', () => {
    for (const s of steps) {
      expect(s.question.trim().length).toBeGreaterThan(0);
      if (isEndStep(s)) {
        expect(s.type).toBeUndefined();
        expect(typeof s.canOrder).toBe('boolean');
        continue;
      }
      expect(s.canOrder).toBeUndefined();
      expect(['oneOf', 'multiChoice', 'textInput']).toContain(s.type);
      if (s.type === 'textInput') {
        expect(s.answers).toEqual([]);
        expect(s.next).toBeDefined();
      }
      if (s.type === 'oneOf') {
        expect(s.answers!.length).toBeGreaterThanOrEqual(2);
        for (const a of s.answers!) expect(a.text.trim().length).toBeGreaterThan(0);
      }
      if (s.type === 'multiChoice') {
        expect(s.next).toBeDefined();
        for (const a of s.answers!) {
          expect(a.value).toBeDefined();
          expect(a.next).toBe(s.next);
        }
      }
    }
  });

  it('every next points to an existing step', () => {
    for (const s of steps) {
      for (const n of [...successors(s), ...(s.answers ?? []).map((a) => a.next)]) {
        expect(questionnaireStep(topic, n)).toBeDefined();
      }
    }
  });

  it('every path ends at an end step without cycles, and every step is reachable', () => {
    const paths = allPaths(topic);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(isEndStep(questionnaireStep(topic, p[p.length - 1]!)!)).toBe(true);
    const visited = new Set(paths.flat());
    expect([...visited].sort((a, b) => a - b)).toEqual(steps.map((s) => s.id));
  });

  it('ordering ends are discarded on save, rejection ends are kept', () => {
    for (const s of steps.filter(isEndStep)) {
      expect(Boolean(s.discardOnSave)).toBe(s.canOrder === true);
    }
  });
});

function nextOf(topic: TopicId, id: number, answerText: string): number {
  const a = questionnaireStep(topic, id)!.answers!.find((x) => x.text === answerText);
  if (!a) throw new Error(`no answer ${answerText} at ${topic}/${id}`);
  return a.next;
}

describe('erection_disorder script', () => {
  const t = 'erection_disorder';

  it('ends: 4 rejects, 5 allows ordering', () => {
    expect(questionnaireStep(t, 4)).toMatchObject({ answers: null, canOrder: false });
    expect(questionnaireStep(t, 5)).toMatchObject({ answers: null, canOrder: true, discardOnSave: true });
    expect(QUESTIONNAIRES[t].filter(isEndStep).map((s) => s.id)).toEqual([4, 5]);
  });

  it('follows the SPEC branching', () => {
    const expected: [number, string, number][] = [
      [1, 'Kyllä', 2], [1, 'Ei', 6],
      [2, 'Kyllä', 4], [2, 'Ei', 3],
      [3, 'Kyllä', 4], [3, 'Ei', 5],
      [6, 'Kyllä', 7], [6, 'Ei', 10],
      [7, 'Kyllä', 8], [7, 'Ei', 8],
      [8, 'Kyllä', 10], [8, 'Ei', 9],
      [9, 'Kyllä', 11], [9, 'Ei', 11],
      [10, 'Kyllä', 11], [10, 'Ei', 11],
      [11, 'Kyllä', 13], [11, 'Ei', 12],
      [12, 'Kyllä', 4], [12, 'Ei', 3],
      [14, 'Kyllä', 3], [14, 'Ei', 4],
    ];
    for (const [id, answer, next] of expected) expect(nextOf(t, id, answer)).toBe(next);
  });

  it('step 13 is a multi-choice of illnesses going to 14', () => {
    const s = questionnaireStep(t, 13)!;
    expect(s.type).toBe('multiChoice');
    expect(s.next).toBe(14);
    expect(s.answers!.map((a) => a.value)).toEqual([
      'diabetes',
      'verenpainetauti',
      'lihavuus',
      'korkea kolesteroli',
      'sydän- ja verisuonitauti',
    ]);
  });

  /** Every answer sequence as 'step:answer' strings plus the end step reached. */
  function answerPaths(): { answers: string[]; end: number }[] {
    const out: { answers: string[]; end: number }[] = [];
    const walk = (id: number, answers: string[]) => {
      const step = questionnaireStep(t, id)!;
      if (isEndStep(step)) return void out.push({ answers, end: id });
      if (step.type === 'oneOf') for (const a of step.answers!) walk(a.next, [...answers, `${id}:${a.text}`]);
      else walk(step.next!, [...answers, `${id}:*`]);
    };
    walk(1, []);
    return out;
  }

  it('heart/health changes, nitrate use or poorly controlled illness always end in rejection', () => {
    const paths = answerPaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const { answers, end } of paths) {
      const disqualified = ['2:Kyllä', '3:Kyllä', '12:Kyllä', '14:Ei'].some((a) => answers.includes(a));
      expect(end).toBe(disqualified ? 4 : 5);
    }
  });

  it('every acceptance passes the nitrate question', () => {
    for (const { answers, end } of answerPaths()) {
      if (end === 5) expect(answers[answers.length - 1]).toBe('3:Ei');
    }
  });

  it('has 21 distinct step sequences', () => {
    expect(allPaths(t)).toHaveLength(21);
  });
});

describe('allergy script', () => {
  const t = 'allergy';

  it('follows the SPEC branching', () => {
    for (const a of questionnaireStep(t, 1)!.answers!) expect(a.next).toBe(2);
    for (const a of questionnaireStep(t, 2)!.answers!) expect(a.next).toBe(3);
    expect(questionnaireStep(t, 3)).toMatchObject({ type: 'textInput', next: 4 });
    expect(nextOf(t, 4, 'Kyllä')).toBe(5);
    expect(nextOf(t, 4, 'Ei')).toBe(5);
    expect(nextOf(t, 5, 'Kyllä')).toBe(6);
    expect(nextOf(t, 5, 'Ei')).toBe(7);
    expect(questionnaireStep(t, 6)).toMatchObject({ type: 'textInput', next: 7 });
  });

  it('symptoms: nose, eyes or both', () => {
    expect(questionnaireStep(t, 1)!.answers).toHaveLength(3);
  });

  it('the only end (7) allows ordering', () => {
    expect(QUESTIONNAIRES[t].filter(isEndStep).map((s) => s.id)).toEqual([7]);
    expect(questionnaireStep(t, 7)).toMatchObject({ canOrder: true, discardOnSave: true, answers: null });
  });

  it('text inputs have placeholders', () => {
    expect(questionnaireStep(t, 3)!.placeholder).toBeTruthy();
    expect(questionnaireStep(t, 6)!.placeholder).toBeTruthy();
  });
});

describe('vti script', () => {
  const t = 'urethritis';

  it('follows the SPEC branching', () => {
    const expected: [number, string, number][] = [
      [1, 'Kyllä', 2], [1, 'Ei', 2],
      [2, 'Kyllä', 3], [2, 'Ei', 8],
      [3, 'Kyllä', 8], [3, 'Ei', 4],
      [4, 'Kyllä', 8], [4, 'Ei', 5],
      [5, 'Kyllä', 6], [5, 'En', 6],
      [6, 'Kyllä', 7], [6, 'Ei', 9],
    ];
    for (const [id, answer, next] of expected) expect(nextOf(t, id, answer)).toBe(next);
    expect(questionnaireStep(t, 7)).toMatchObject({ type: 'textInput', next: 9 });
  });

  it("the pregnancy question's no answer reads 'En'", () => {
    expect(questionnaireStep(t, 5)!.answers!.map((a) => a.text)).toEqual(['Kyllä', 'En']);
  });

  it('ends: 8 rejects, 9 allows ordering and is discarded on save', () => {
    expect(questionnaireStep(t, 8)).toMatchObject({ answers: null, canOrder: false });
    expect(questionnaireStep(t, 8)!.discardOnSave).toBeFalsy();
    expect(questionnaireStep(t, 9)).toMatchObject({ answers: null, canOrder: true, discardOnSave: true });
    expect(QUESTIONNAIRES[t].filter(isEndStep).map((s) => s.id)).toEqual([8, 9]);
  });
});

describe('end messages', () => {
  it('rejection tells to contact own doctor; acceptance mentions the final decision', () => {
    for (const topic of TOPIC_IDS) {
      for (const s of QUESTIONNAIRES[topic].filter(isEndStep)) {
        if (s.canOrder) expect(s.question).toMatch(/lopullisen päätöksen/);
        else expect(s.question).toMatch(/omaan lääkäriisi/);
      }
    }
  });
});

describe('questionnaireStep', () => {
  it('returns undefined for unknown ids', () => {
    expect(questionnaireStep('allergy', 0)).toBeUndefined();
    expect(questionnaireStep('allergy', 99)).toBeUndefined();
  });
});

describe('chatRecordForSave', () => {
  it('removes discard-on-save entries and the flag itself', () => {
    expect(
      chatRecordForSave([
        { text: 'Mille olet allerginen?', type: 'question' },
        { text: 'Koivulle', type: 'answer', discardOnSave: false },
        { text: 'Loppuviesti', type: 'question', discardOnSave: true },
        { text: 'Kyllä, haetaan reseptiä', type: 'answer', discardOnSave: true },
      ]),
    ).toEqual([
      { text: 'Mille olet allerginen?', type: 'question' },
      { text: 'Koivulle', type: 'answer' },
    ]);
  });

  it('keeps an empty chat empty and does not mutate the input', () => {
    expect(chatRecordForSave([])).toEqual([]);
    const chat = [{ text: 'x', type: 'question' as const, discardOnSave: true }];
    chatRecordForSave(chat);
    expect(chat).toHaveLength(1);
  });
});

describe('replayQuestionnaire', () => {
  /** The chat of answering `answers` in turn, from step 1, as the web sends it (questions and answers, numbered). */
  function chatOf(topic: TopicId, answers: string[], sex: 'm' | 'f' = 'f'): NumberedChatEntry[] {
    const chat: NumberedChatEntry[] = [];
    let step = questionnaireStepFor(topic, QUESTIONNAIRE_FIRST_STEP, sex)!;
    for (const answer of answers) {
      chat.push({ text: step.question, type: 'question', step: step.id }, { text: answer, type: 'answer', step: step.id });
      const next = step.type === 'oneOf' ? step.answers!.find((a) => a.text === answer)!.next : step.next!;
      step = questionnaireStepFor(topic, next, sex)!;
    }
    return chat;
  }
  const ALLERGY_OK = ['Nenässä', 'Kausiluonteisia', 'Koivu keväisin', 'Kyllä', 'Ei'];

  it('accepts a path that ends where ordering is allowed', () => {
    expect(replayQuestionnaire('allergy', chatOf('allergy', ALLERGY_OK), 'f')).toBe('accepted');
  });

  it('refuses a path that ends in a rejection', () => {
    expect(replayQuestionnaire('erection_disorder', chatOf('erection_disorder', ['Kyllä', 'Kyllä'], 'm'), 'm')).toBe('rejected');
  });

  it('finds invented answers, skipped or renumbered steps, unfinished paths and empty free text invalid', () => {
    const ok = chatOf('allergy', ALLERGY_OK);
    expect(replayQuestionnaire('allergy', ok.map((e, i) => (i === 1 ? { ...e, text: 'Korvissa' } : e)), 'f')).toBe('invalid');
    expect(replayQuestionnaire('allergy', ok.slice(2), 'f')).toBe('invalid');
    expect(replayQuestionnaire('allergy', ok.map((e) => ({ ...e, step: (e.step ?? 0) + 1 })), 'f')).toBe('invalid');
    expect(replayQuestionnaire('allergy', ok.slice(0, 6), 'f')).toBe('invalid');
    expect(replayQuestionnaire('allergy', ok.map((e, i) => (i === 5 ? { ...e, text: '  ' } : e)), 'f')).toBe('invalid');
    expect(replayQuestionnaire('allergy', [...ok.slice(0, 3), { text: 'x', type: 'answer' }], 'f')).toBe('invalid');
  });

  it('checks multi-choice answers: known choices joined by ", ", in any order, at least one, each once', () => {
    const multi = QUESTIONNAIRES.erection_disorder.find((s) => s.type === 'multiChoice')!;
    const [a, b] = multi.answers!.map((x) => x.text);
    expect(questionnaireAnswerNext(multi, `${a}, ${b}`)).toBe(multi.next);
    expect(questionnaireAnswerNext(multi, `${b}, ${a}`)).toBe(multi.next);
    expect(questionnaireAnswerNext(multi, a)).toBe(multi.next);
    expect(questionnaireAnswerNext(multi, '')).toBeNull();
    expect(questionnaireAnswerNext(multi, 'Jotain muuta')).toBeNull();
    expect(questionnaireAnswerNext(multi, `${a}, ${a}`)).toBeNull();
  });

  it("passes the pregnancy question over for men, and a man's chat that answers it is invalid", () => {
    const MAN_ALLERGY = ['Nenässä', 'Kausiluonteisia', 'Koivu keväisin', 'Ei'];
    const man = chatOf('allergy', MAN_ALLERGY, 'm');
    expect(man.map((e) => e.text)).not.toContain('Oletko raskaana?');
    expect(replayQuestionnaire('allergy', man, 'm')).toBe('accepted');
    expect(replayQuestionnaire('allergy', man, 'f')).toBe('invalid');
    expect(replayQuestionnaire('allergy', chatOf('allergy', ALLERGY_OK, 'f'), 'm')).toBe('invalid');
    expect(questionnaireStepFor('allergy', 4, 'm')!.id).toBe(5);
    expect(questionnaireStepFor('allergy', 4, 'f')!.id).toBe(4);
  });

  it('asks a one-sex question only where all its answers lead to one step', () => {
    for (const topic of TOPIC_IDS) {
      for (const step of QUESTIONNAIRES[topic].filter((s) => s.onlyFor)) expect(new Set(step.answers!.map((a) => a.next)).size).toBe(1);
    }
  });

  it('leaves a chat without step numbers unverified', () => {
    expect(replayQuestionnaire('allergy', [{ text: 'Minulla on heinänuha', type: 'answer' }], 'f')).toBe('unverified');
  });

});
