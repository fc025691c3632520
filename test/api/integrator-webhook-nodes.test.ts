/**
 * Two API nodes deliver one webhook outbox (issue "Integrator API"): both senders poll every 50 ms
 * and the receiver answers slowly, so they race for every row; each event still arrives once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IntegratorOrder, IntegratorWebhookEvent, Product } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';

const FAST = { WEBHOOK_SEND_INTERVAL_SECONDS: '0.05' };
const ORDERS = 20;

let a: TestApp;
let b: TestApp;
let receiver: Server;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push((JSON.parse(body) as IntegratorWebhookEvent).id);
      setTimeout(() => res.writeHead(200).end(), 30);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  a = await startApp({ env: FAST });
  b = await startApp({ databaseUrl: a.databaseUrl, env: FAST });
  // A budget for two app starts on a shared, loaded machine (each waits up to 90 s); not a measurement.
}, 200_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

it('never delivers one event twice when several nodes send', async () => {
  const client = await IntegratorClient.signIn(a, await createApiClient(a, 'Keskusapteekki', 'Kassajärjestelmä'));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  expect((await client.call('POST', '/webhook-endpoints', { url, events: ['order.created'] })).status).toBe(201);
  const [office] = await a.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  const product = (await client.call<{ data: Product[] }>('GET', '/products?q=Kestine')).body.data[0];
  const created = await Promise.all(
    Array.from({ length: ORDERS }, () =>
      client.call<IntegratorOrder>('POST', '/orders', {
        officeId: office.id,
        patient: { hetu: '121212-913Y', firstName: 'Matti', lastName: 'Meikäläinen' },
        items: [{ productId: product.productId }],
        deliveryOption: 'delivery-12-h',
      }),
    ),
  );
  expect(created.every((r) => r.status === 201)).toBe(true);

  const deadline = Date.now() + 20_000;
  while (received.length < ORDERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 500)); // time for a duplicate to show up, if any
  expect(received).toHaveLength(ORDERS);
  expect(new Set(received).size).toBe(ORDERS);
  const rows = await a.sql<{ status: string; attempts: number }>(`SELECT status, attempts FROM webhook_delivery`);
  expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
});
