import type { TestApp } from './app';
import { ApiClient, DEMO } from './http';
import { QUESTIONNAIRE_FIRST_STEP, questionnaireStepFor, type NumberedChatEntry, type TopicId } from '@resepti/domain';

/**
 * The chat of answering `answers` in turn from step 1 of a questionnaire, numbered as the web
 * sends it, for a customer of the given sex (a man is not asked the pregnancy question).
 */
export function questionnaireChat(topic: TopicId, answers: string[], sex: 'm' | 'f' = 'f'): NumberedChatEntry[] {
  const chat: NumberedChatEntry[] = [];
  let step = questionnaireStepFor(topic, QUESTIONNAIRE_FIRST_STEP, sex);
  for (const answer of answers) {
    if (!step) throw new Error(`the ${topic} questionnaire ended before the answer '${answer}'`);
    chat.push({ text: step.question, type: 'question', step: step.id }, { text: answer, type: 'answer', step: step.id });
    const next = step.type === 'oneOf' ? step.answers?.find((a) => a.text === answer)?.next : step.next;
    step = next === undefined ? undefined : questionnaireStepFor(topic, next, sex);
  }
  return chat;
}

/** An allergy request that the questionnaire lets the customer send to a doctor. */
export const ALLERGY_ANSWERS = ['Nenässä', 'Kausiluonteisia', 'Koivu keväisin', 'Kyllä', 'Ei'];

/**
 * A second customer (Matti, a man) with the demo customer's password, signed in: for checks that
 * one customer never sees or changes another's cart, checkout or orders.
 */
export async function signInOtherCustomer(app: TestApp): Promise<ApiClient> {
  await app.sql(
    `INSERT INTO customer (hetu, first_name, last_name, email, phone, password_hash, sex, approved_eula_version)
     SELECT '150385-9013', 'Matti', 'Meikäläinen', 'matti@example.fi', '+358402222222', password_hash, 'm', '1' FROM customer WHERE email = $1
     ON CONFLICT DO NOTHING`,
    [DEMO.customer.email],
  );
  const other = new ApiClient(app.apiUrl);
  const login = await other.post('/login', { email: 'matti@example.fi', password: DEMO.customer.password });
  if (login.status !== 200) throw new Error(`the other customer's login: ${login.status}`);
  return other;
}

/**
 * A customer with the demo customer's password (Asiakas123, copied when called: call it before a
 * test changes that password), for checks that must not disturb the demo account.
 */
export async function insertCustomer(app: TestApp, c: { email: string; hetu: string; firstName?: string; lastName?: string; phone?: string }): Promise<number> {
  const [row] = await app.sql<{ id: number }>(
    `INSERT INTO customer (hetu, first_name, last_name, email, phone, password_hash, sex, approved_eula_version)
     SELECT $1, $2, $3, $4, $5, password_hash, 'f', '1' FROM customer WHERE email = $6 RETURNING id`,
    [c.hetu, c.firstName ?? 'Testi', c.lastName ?? 'Asiakas', c.email, c.phone ?? '+358403333333', DEMO.customer.email],
  );
  return row.id;
}
