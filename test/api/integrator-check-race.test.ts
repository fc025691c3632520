/**
 * The item check raced (issue 42): the integrator's `POST /api/v1/orders/{id}/items/{itemId}/check`
 * sent many times at once, with one Idempotency-Key and with different ones, while a pharmacist
 * of the same pharmacy presses the workbench's trash on the same item (`POST /check-order-item/{id}`).
 * Exactly one of them checks it: one check in the database and one audit row; the integrator's
 * repeats of the key replay the first answer, its other calls answer the checked order (checking a
 * checked item is idempotent, as the contract says), the workbench's other presses 409
 * "already checked"; no event or webhook delivery is written for the check (an integrator learns of
 * it from its own call).
 *
 * On a pool of four connections: thirteen requests at once need more than the pool, so a request
 * that held one connection (its key's transaction) while waiting for a second (the check in a
 * transaction of its own) waited for ever, as this file did in a loaded fresh clone.
 */
import { PHARMACY_MESSAGES, type IntegratorOrder } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import type { ApiClient } from '../support/http';
import { createApiClient, IntegratorClient, type IntegratorResponse } from '../support/integrator';
import { insertOrder } from '../support/order-fixtures';
import { pharmacistAtOffice } from '../support/pharmacy-flow';

const ROUNDS = 6;
const SAME_KEY = 5;
const OTHER_KEYS = 5;
const TRASH_PRESSES = 3;

let app: TestApp;
let pos: IntegratorClient;
let pharmacist: ApiClient;

beforeAll(async () => {
  app = await startApp({ env: { API_RATE_LIMIT_PER_MINUTE: '10000', DATABASE_POOL_SIZE: '4' } });
  pos = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kilpakassa'));
  ({ client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy'));
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const countOf = async (sql: string, orderId: number) => (await app.sql<{ n: number }>(sql, [orderId]))[0].n;

describe('the item check raced by the integrator and the workbench', () => {
  it.each(Array.from({ length: ROUNDS }, (_, round) => [round]))('round %i: one check, one audit row, no event; the others replay, answer the checked order or 409', async (round) => {
    // A delivered order of the pharmacy with one approved item, made by SQL: no event of its own.
    const { id: orderId, itemIds } = await insertOrder(app, { source: 'pharmacy', status: 'delivered', items: [{ decision: 'approved' }] });
    const itemId = itemIds[0];
    const path = `/orders/${orderId}/items/${itemId}/check`;
    const eventsBefore = await countOf(`SELECT count(*)::int AS n FROM api_event WHERE payload #>> '{data,object,orderId}' = $1::text`, orderId);

    const sameKey = Array.from({ length: SAME_KEY }, () => pos.call<IntegratorOrder>('POST', path, undefined, { 'Idempotency-Key': `race-${round}` }));
    const otherKeys = Array.from({ length: OTHER_KEYS }, (_, i) => pos.call<IntegratorOrder>('POST', path, undefined, { 'Idempotency-Key': `race-${round}-${i}` }));
    const trash = Array.from({ length: TRASH_PRESSES }, () => pharmacist.post<{ message?: string }>(`/check-order-item/${itemId}`));
    const [same, other, pressed] = await Promise.all([Promise.all(sameKey), Promise.all(otherKeys), Promise.all(trash)]);

    const integrator: Array<IntegratorResponse<IntegratorOrder>> = [...same, ...other];
    expect(integrator.map((r) => [r.status, r.body.prescriptions[0].pharmacyChecked])).toEqual(integrator.map(() => [200, true]));
    // One Idempotency-Key acts once: its other requests replay that answer.
    expect(same.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(SAME_KEY - 1);
    expect(other.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(0);

    const audited = await app.sql<{ actor_role: string }>(`SELECT actor_role FROM audit_log WHERE order_id = $1 AND action = 'pharmacy.order-item.check'`, [orderId]);
    expect(audited).toHaveLength(1);
    // The workbench won at most once, exactly when the audit row is the pharmacist's; its other presses are 409 already checked.
    const trashWon = pressed.filter((r) => r.status === 200).length;
    expect(trashWon).toBe(audited[0].actor_role === 'integrator' ? 0 : 1);
    for (const r of pressed.filter((p) => p.status !== 200)) expect([r.status, r.body.message]).toEqual([409, PHARMACY_MESSAGES.prescriptionAlreadyChecked]);

    expect(await app.sql(`SELECT pharmacy_checked FROM order_item WHERE id = $1`, [itemId])).toEqual([{ pharmacy_checked: true }]);
    expect(await countOf(`SELECT count(*)::int AS n FROM api_event WHERE payload #>> '{data,object,orderId}' = $1::text`, orderId)).toBe(eventsBefore);
    expect(await countOf(`SELECT count(*)::int AS n FROM webhook_delivery WHERE order_id = $1`, orderId)).toBe(0);
  });
});
