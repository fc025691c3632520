import type { TestApp } from './app';
import { ApiClient, DEMO } from './http';
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
