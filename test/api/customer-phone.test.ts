/**
 * Phone numbers in E.164 (issue 27): what a customer types ('040 123 4567') is stored as
 * '+358401234567', a number that is none is refused with the profile's Finnish message and
 * changes nothing, the migration converts numbers stored before, and a text message goes to the
 * E.164 number even when the stored one is in an old spelling.
 */
import type { QueryRunner } from 'typeorm';
import { type CustomerInfo, type DoctorOrder } from '@resepti/domain';
import { VALIDATION_MESSAGES } from '../support/finnish-messages';
import { CustomerPhonesE1641795700000110 } from '../../apps/api/src/platform/database/migrations/1795700000110-CustomerPhonesE164';
import { startApp, type TestApp } from '../support/app';
import { insertCustomer } from '../support/customer-flow';
import { DEMO, loginAs, type ApiClient } from '../support/http';
import { insertOrder, makeHetu } from '../support/order-fixtures';
import { APPROVAL } from '../support/prescribing';

let app: TestApp;
let customer: ApiClient;
beforeAll(async () => {
  app = await startApp();
  customer = await loginAs(app, 'customer');
});
afterAll(async () => {
  await app?.stop();
});

const storedPhone = async (email: string = DEMO.customer.email) => (await app.sql<{ phone: string }>('SELECT phone FROM customer WHERE email = $1', [email]))[0]!.phone;

describe('phone numbers', () => {
  it.each([
    ['040 123 4567', '+358401234567'],
    ['0401234999', '+358401234999'],
    ['+358 40 123 4567', '+358401234567'],
    ['00358 50 765 4321', '+358507654321'],
  ])('stores %j as %j', async (typed, e164) => {
    const res = await customer.patch<CustomerInfo>('/my-user', { phone: typed });
    expect(res.status).toBe(200);
    expect(res.body.phone).toBe(e164);
    expect(await storedPhone()).toBe(e164);
  });

  it.each(['puhelin', '040-123 4567', '+46 70 123 4567', '123', '00 123 4567'])('refuses %j with the Finnish message, changing nothing', async (typed) => {
    await customer.patch('/my-user', { phone: '040 123 4567' });
    const res = await customer.patch<{ message: string[] }>('/my-user', { phone: typed });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual([VALIDATION_MESSAGES.phoneInvalid]);
    expect(await storedPhone()).toBe('+358401234567');
  });

  it('converts the numbers stored before in the migration, leaving a number that is none as it was', async () => {
    const legacy = {
      'vanha1@example.fi': ['040 765 4321', '+358407654321'],
      'vanha2@example.fi': ['+358 040 111 2222', '+358401112222'],
      'vanha3@example.fi': ['00358501234567', '+358501234567'],
      'vanha4@example.fi': ['+358401234567', '+358401234567'],
      'vanha5@example.fi': ['ei numeroa', 'ei numeroa'],
    };
    let n = 1;
    for (const [email, [phone]] of Object.entries(legacy)) await insertCustomer(app, { email, hetu: makeHetu(n, 3, 1970, 100 + n++), phone });
    const runner = { query: (sql: string) => app.sql(sql) } as unknown as QueryRunner;
    await new CustomerPhonesE1641795700000110().up(runner);
    for (const [email, [, expected]] of Object.entries(legacy)) expect([email, await storedPhone(email)]).toEqual([email, expected]);
  });

  it('texts the E.164 number even when an old spelling is stored', async () => {
    await app.sql('UPDATE customer SET phone = $1 WHERE email = $2', ['040 123 4567', DEMO.customer.email]);
    const order = await insertOrder(app, { source: 'customer' });
    const doctor = await loginAs(app, 'doctor');
    expect((await doctor.post<DoctorOrder>('/order/pick-first')).body.id).toBe(order.id);
    for (const id of order.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
    expect((await doctor.post('/order/mark-delivered')).status).toBe(204);
    expect(await app.sql('SELECT phone FROM sms_outbox WHERE order_id = $1', [order.id])).toEqual([{ phone: '+358401234567' }]);
  });
});
