// A local stand-in of the few Stripe API calls Resepti makes, answered as Stripe's test mode
// would, for the real stripe SDK pointed at it (STRIPE_API_URL; nothing leaves this machine).
// Shared by test/api/payments-stripe.test.ts and chaos/scenarios/late-payment-event.mjs: both
// need the same charges, searches and idempotency. CommonJS, so jest (CommonJS) and the .mjs
// scripts can both load it; its types are in stripe-stand-in.d.cts.
'use strict';
const { createServer } = require('node:http');

/**
 * @param calls every request, as it came (recorded before it is answered)
 * @param behaviour what it does besides answering: `holdIntent(id, answer)` while set is called
 *   instead of answering a created (charged) PaymentIntent, `failRefunds` and `failSearches` answer that
 *   many refund or search calls 500
 * @param intents the PaymentIntents created (charged), by id: what the card statement would show
 */
function fakeStripeApi(calls, behaviour, intents = new Map()) {
  const paymentMethods = new Map();
  // Stripe answers a repeated idempotency key with the first answer, and 409 while the first is still being answered.
  const answered = new Map();
  const inFlight = new Set();
  const read = async (req) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    return new URLSearchParams(body);
  };
  const metadata = (form) => Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice('metadata['.length, -1), v]));
  return createServer((req, res) => {
    void read(req).then((form) => {
      const url = new URL(req.url ?? '', 'http://stripe.test');
      const path = url.pathname;
      const idempotencyKey = req.headers['idempotency-key'];
      calls.push({ method: req.method ?? '', path, form, authorization: req.headers.authorization, idempotencyKey });
      const send = (status, body) => {
        if (idempotencyKey) inFlight.delete(idempotencyKey);
        if (idempotencyKey && status < 500) answered.set(idempotencyKey, { status, body });
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
        res.end(JSON.stringify(body));
      };
      const earlier = idempotencyKey ? answered.get(idempotencyKey) : undefined;
      if (earlier) return send(earlier.status, earlier.body);
      if (idempotencyKey && inFlight.has(idempotencyKey)) {
        res.writeHead(409, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key.' } }));
      }
      if (idempotencyKey) inFlight.add(idempotencyKey);
      if (path === '/v1/checkout/sessions') {
        const id = `cs_test_fake_${calls.length}`;
        return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, status: 'open' });
      }
      if (/^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)) return send(200, { id: path.split('/')[4], object: 'checkout.session', status: 'expired' });
      if (path === '/v1/payment_methods') {
        const id = `pm_fake_${calls.length}`;
        paymentMethods.set(id, form.get('card[token]') ?? '');
        return send(200, { id, object: 'payment_method', type: 'card' });
      }
      if (path === '/v1/payment_intents') {
        if (paymentMethods.get(form.get('payment_method') ?? '') === 'tok_chargeDeclined') {
          return send(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
        }
        const amount = Number(form.get('amount'));
        const intent = {
          id: `pi_fake_${calls.length}`,
          status: 'succeeded',
          amount,
          amount_received: amount,
          currency: form.get('currency') ?? '',
          created: Math.floor(Date.now() / 1000),
          metadata: metadata(form),
        };
        intents.set(intent.id, intent);
        const answer = () => send(200, { object: 'payment_intent', ...intent });
        // Charged; the answer comes when (if ever) the behaviour answers.
        if (behaviour.holdIntent) return behaviour.holdIntent(intent.id, answer);
        return answer();
      }
      if (path === '/v1/payment_intents/search') {
        if (behaviour.failSearches > 0) {
          behaviour.failSearches--;
          return send(500, { error: { type: 'api_error', message: 'Stripe is having a moment.' } });
        }
        const session = /metadata\['paymentSessionId'\]:'([^']+)'/.exec(url.searchParams.get('query') ?? '')?.[1];
        const data = [...intents.values()].filter((i) => i.metadata.paymentSessionId === session && i.status === 'succeeded').map((i) => ({ object: 'payment_intent', ...i }));
        return send(200, { object: 'search_result', data, has_more: false, url: path });
      }
      if (path === '/v1/refunds') {
        if (behaviour.failRefunds > 0) {
          behaviour.failRefunds--;
          return send(500, { error: { type: 'api_error', message: 'Stripe is having a moment.' } });
        }
        return send(200, { id: `re_fake_${calls.length}`, object: 'refund', status: 'succeeded', payment_intent: form.get('payment_intent') });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${path})` } });
    });
  });
}

module.exports = { fakeStripeApi };
