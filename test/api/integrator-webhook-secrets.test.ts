/**
 * Webhook secret rotation with an overlap window (issue 26): after a rotation every delivery
 * carries two signatures (`v1=` by the new secret, `v1=` by the old one) until the overlap ends,
 * then only the new one; the SDK's check (and the documented one) accepts either secret during the
 * window and only the new one after it.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IntegratorWebhookEvent, ProblemDetails, WebhookDeliveryView, WebhookEndpointView } from '@resepti/domain';
import { verifyWebhook } from '@resepti/integrator-client';
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { eventually } from '../support/waiting';

interface Received {
  body: string;
  signature: string;
  event: IntegratorWebhookEvent;
}

let app: TestApp;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let client: IntegratorClient;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['resepti-signature']), event: JSON.parse(body) as IntegratorWebhookEvent });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/resepti`;
  app = await startApp({ env: { WEBHOOK_SEND_INTERVAL_SECONDS: '0.2', WEBHOOK_RETRY_SECONDS: '0.3' } });
  client = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kassajärjestelmä'));
  client.renewWhenRefused = true;
  // A budget for a start, the admin CLI and a token on a shared, loaded machine; not a measurement.
}, 180_000);
afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const until = <T>(what: () => T | undefined, ms = 20_000) => eventually(what, { ms });

/** Sends a test event to the endpoint and waits for it at the receiver. */
async function testDelivery(endpointId: number): Promise<Received> {
  const queued = await client.call<WebhookDeliveryView>('POST', `/webhook-endpoints/${endpointId}/test`);
  expect(queued.status).toBe(202);
  return until(() => received.find((r) => r.event.id === queued.body.eventId));
}

/** The check the contract's description shows integrators (its ```js block), run as they would copy it. */
function documentedVerify(): (rawBody: string, header: string, secret: string) => boolean {
  const description = (JSON.parse(readFileSync(path.join(__dirname, '../../docs/openapi/integrator-v1.json'), 'utf8')) as { info: { description: string } }).info.description;
  const code = /```js\n([\s\S]*?)```/.exec(description)![1];
  return new Function('require', `${code}; return verify;`)(require) as (rawBody: string, header: string, secret: string) => boolean;
}

const v1s = (header: string) => header.split(',').filter((p) => p.startsWith('v1=')).length;

describe('webhook secret rotation', () => {
  it('signs with the old and the new secret during the overlap, then with the new one only', async () => {
    const endpoint = (await client.call<WebhookEndpointView>('POST', '/webhook-endpoints', { url: receiverUrl, events: ['order.created'] })).body;
    expect(endpoint.previousSecretExpiresAt).toBeNull();
    const oldSecret = endpoint.secret!;
    const before = await testDelivery(endpoint.id);
    expect([v1s(before.signature), verifyWebhook(before.body, before.signature, oldSecret)]).toEqual([1, true]);

    const rotated = await client.call<WebhookEndpointView>('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlapHours: 24 });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret!;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const expires = Date.parse(rotated.body.previousSecretExpiresAt!);
    expect(Math.abs(expires - (Date.now() + 24 * 3_600_000))).toBeLessThan(5 * 60_000);
    // The list shows the overlap (never a secret).
    const listed = (await client.call<WebhookEndpointView[]>('GET', '/webhook-endpoints')).body.find((e) => e.id === endpoint.id)!;
    expect([listed.secret, listed.previousSecretExpiresAt]).toEqual([undefined, rotated.body.previousSecretExpiresAt]);

    // During the overlap: two signatures, the new secret's first; a receiver with either secret accepts, another secret does not.
    const during = await testDelivery(endpoint.id);
    expect(v1s(during.signature)).toBe(2);
    const [t, first] = during.signature.split(',');
    expect(first).toBe(`v1=${createHmac('sha256', newSecret).update(`${t.slice(2)}.${during.body}`).digest('hex')}`);
    expect([verifyWebhook(during.body, during.signature, oldSecret), verifyWebhook(during.body, during.signature, newSecret), verifyWebhook(during.body, during.signature, 'whsec_other')]).toEqual([
      true,
      true,
      false,
    ]);
    const verify = documentedVerify();
    expect([verify(during.body, during.signature, oldSecret), verify(during.body, during.signature, newSecret), verify(during.body, during.signature, 'whsec_other')]).toEqual([true, true, false]);
    // Tampered body: neither secret accepts it.
    expect(verifyWebhook(`${during.body} `, during.signature, oldSecret)).toBe(false);

    // The overlap ends (moved into the past instead of waiting a day): only the new secret signs.
    await app.sql(`UPDATE webhook_endpoint SET previous_secret_until = now() - interval '1 second' WHERE id = $1`, [endpoint.id]);
    const after = await testDelivery(endpoint.id);
    expect([v1s(after.signature), verifyWebhook(after.body, after.signature, newSecret), verifyWebhook(after.body, after.signature, oldSecret)]).toEqual([1, true, false]);
    expect((await client.call<WebhookEndpointView[]>('GET', '/webhook-endpoints')).body.find((e) => e.id === endpoint.id)!.previousSecretExpiresAt).toBeNull();

    const [audit] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'webhook-endpoint.rotate-secret' AND subject = $1`, [`webhook_endpoint:${endpoint.id}`]);
    expect(audit.n).toBe(1);
  });

  it('ends the old secret at once with overlapHours 0, and keeps only the two newest when rotated again', async () => {
    const endpoint = (await client.call<WebhookEndpointView>('POST', '/webhook-endpoints', { url: receiverUrl, events: ['order.created'] })).body;
    const first = (await client.call<WebhookEndpointView>('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`)).body;
    const second = (await client.call<WebhookEndpointView>('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, {})).body;
    const delivery = await testDelivery(endpoint.id);
    expect([endpoint.secret, first.secret, second.secret].map((s) => verifyWebhook(delivery.body, delivery.signature, s!))).toEqual([false, true, true]);
    const now = (await client.call<WebhookEndpointView>('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlapHours: 0 })).body;
    expect(now.previousSecretExpiresAt).toBeNull();
    const alone = await testDelivery(endpoint.id);
    expect([v1s(alone.signature), verifyWebhook(alone.body, alone.signature, now.secret!), verifyWebhook(alone.body, alone.signature, second.secret!)]).toEqual([1, true, false]);
  });

  it('keeps both secrets of two rotations at the same moment: each answered secret signs (none is lost)', async () => {
    const endpoint = (await client.call<WebhookEndpointView>('POST', '/webhook-endpoints', { url: receiverUrl, events: ['order.created'] })).body;
    const twins = await Promise.all([1, 2].map(() => client.call<WebhookEndpointView>('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlapHours: 1 })));
    expect(twins.map((t) => t.status)).toEqual([200, 200]);
    const delivery = await testDelivery(endpoint.id);
    expect(twins.map((t) => verifyWebhook(delivery.body, delivery.signature, t.body.secret!))).toEqual([true, true]);
    expect(verifyWebhook(delivery.body, delivery.signature, endpoint.secret!)).toBe(false);
  });

  it('refuses a bad overlap (400, nothing rotated) and another client’s endpoint (404)', async () => {
    const endpoint = (await client.call<WebhookEndpointView>('POST', '/webhook-endpoints', { url: receiverUrl, events: ['order.created'] })).body;
    const [{ secret }] = await app.sql<{ secret: string }>(`SELECT secret FROM webhook_endpoint WHERE id = $1`, [endpoint.id]);
    for (const body of [{ overlapHours: 169 }, { overlapHours: -1 }, { overlapHours: 1.5 }, { overlapHours: '24' }, { overlap: 24 }]) {
      const res = await client.call<ProblemDetails>('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, body);
      expect({ body, status: res.status, type: res.headers.get('content-type')?.split(';')[0] }).toEqual({ body, status: 400, type: 'application/problem+json' });
    }
    expect((await client.call<ProblemDetails>('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlapHours: 169 })).body.code).toBe('overlap_hours_invalid');
    expect((await app.sql<{ secret: string }>(`SELECT secret FROM webhook_endpoint WHERE id = $1`, [endpoint.id]))[0].secret).toBe(secret);
    const other = await IntegratorClient.signIn(app, await createApiClient(app, 'Kylän apteekki', 'Kylän kassa'));
    const res = await other.call<ProblemDetails>('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, {});
    expect([res.status, res.body.code]).toEqual([404, 'webhook_not_found']);
    await client.call('DELETE', `/webhook-endpoints/${endpoint.id}`);
    expect((await client.call('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, {})).status).toBe(404);
  });
});
