import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IntegratorWebhookEvent } from '@resepti/domain';

/** A webhook delivery as the receiver got it: the path it was sent to and its event. */
export interface ReceivedWebhook {
  path: string;
  event: IntegratorWebhookEvent;
}

/** An integrator's webhook receiver on a free loopback port: answers 200 to every delivery and keeps them in order. */
export async function startWebhookReceiver(): Promise<{ origin: string; received: ReceivedWebhook[]; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url!, event: JSON.parse(body) as IntegratorWebhookEvent });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
