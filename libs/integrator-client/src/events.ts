/**
 * Webhook deliveries: the signature check and the typed event. `parseWebhook` verifies a delivery
 * and returns its body as the contract's `Event`, a union discriminated by `type`: after
 * `if (event.type === 'order.delivered')` its `data.object` is an `Order` and its
 * `data.previous_attributes` what changed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from '../integrator-v1.js';

export type WebhookEvent = components['schemas']['Event'];
export type WebhookEventType = WebhookEvent['type'];
/** The event of one type: `EventOf<'order.delivered'>`. */
export type EventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/** The header each delivery is signed in. */
export const SIGNATURE_HEADER = 'Resepti-Signature';

/**
 * `Resepti-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, fresh within
 * `toleranceSeconds`. During a secret rotation's overlap the header has a `v1=` per secret (the
 * new one's first): the delivery is genuine when any of them matches `secret`.
 */
export function verifyWebhook(rawBody: string, header: string, secret: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = header.split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const);
  const t = parts.find(([key]) => key === 't')?.[1] ?? '';
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const fresh = /^\d+$/.test(t) && Math.abs(now / 1000 - Number(t)) <= toleranceSeconds;
  const matches = parts.filter(([key]) => key === 'v1').some(([, hex]) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return fresh && matches;
}

/** A delivery that is not genuine (signature, freshness) or not an event. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/**
 * The delivered event, typed, once its signature is checked against `secret` (the raw body as it
 * arrived: parse nothing before). Throws WebhookVerificationError when the delivery is not genuine.
 */
export function parseWebhook(rawBody: string, header: string | undefined, secret: string, toleranceSeconds = 300, now = Date.now()): WebhookEvent {
  if (!header || !verifyWebhook(rawBody, header, secret, toleranceSeconds, now)) throw new WebhookVerificationError('The Resepti-Signature does not match (or is too old).');
  const event = JSON.parse(rawBody) as Partial<WebhookEvent> | null;
  if (!event || typeof event !== 'object' || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data) throw new WebhookVerificationError('The body is not an event.');
  return event as WebhookEvent;
}
