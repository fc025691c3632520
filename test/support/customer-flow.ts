import { QUESTIONNAIRE_FIRST_STEP, questionnaireStep, type NumberedChatEntry, type TopicId } from '@resepti/domain';

/** The chat of answering `answers` in turn from step 1 of a questionnaire, numbered as the web sends it. */
export function questionnaireChat(topic: TopicId, answers: string[]): NumberedChatEntry[] {
  const chat: NumberedChatEntry[] = [];
  let step = questionnaireStep(topic, QUESTIONNAIRE_FIRST_STEP);
  for (const answer of answers) {
    if (!step) throw new Error(`the ${topic} questionnaire ended before the answer '${answer}'`);
    chat.push({ text: step.question, type: 'question', step: step.id }, { text: answer, type: 'answer', step: step.id });
    const next = step.type === 'oneOf' ? step.answers?.find((a) => a.text === answer)?.next : step.next;
    step = next === undefined ? undefined : questionnaireStep(topic, next);
  }
  return chat;
}

/** An allergy request that the questionnaire lets the customer send to a doctor. */
export const ALLERGY_ANSWERS = ['Nenässä', 'Kausiluonteisia', 'Koivu keväisin', 'Kyllä', 'Ei'];
