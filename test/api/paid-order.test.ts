/**
 * The payments' pure rules (apps/api/src/payments/paid-order.ts), without a database: when a
 * reported payment may settle its checkout, and the order a paid checkout becomes.
 */
import { paidOrder, refusalOf, type ProviderPayment } from '../../apps/api/src/payments/paid-order';
import type { PaymentSession } from '../../apps/api/src/payments/payment-session.entity';

const NOW = new Date('2026-11-25T10:00:00Z');

function session(overrides: Partial<PaymentSession> = {}): PaymentSession {
  return {
    id: 'cs_test_abcdefgh',
    customerId: 7,
    status: 'open',
    amountCents: 2980,
    cartVersion: 3,
    paymentRef: null,
    expiresAt: new Date(NOW.getTime() + 30 * 60_000),
    couponId: null,
    items: [
      { cartItemId: 1, type: 'renewal', productId: 14, displayName: 'Kestine 10 mg', format: 'tabletti', reason: 'Loppumassa', medicalProblem: null, priceCents: 990, chat: null, chatVerified: false },
      { cartItemId: 2, type: 'prescription', productId: null, displayName: 'Allergia', format: '', reason: '', medicalProblem: 'allergy', priceCents: 1990, chat: [{ text: 'Nenässä', type: 'answer' }], chatVerified: true },
    ],
    ...overrides,
  } as PaymentSession;
}

const payment = (overrides: Partial<ProviderPayment> = {}): ProviderPayment => ({
  sessionId: 'cs_test_abcdefgh',
  eventId: 'evt_1',
  eventType: 'checkout.session.completed',
  paymentRef: 'pi_1',
  amountCents: 2980,
  currency: 'eur',
  paidAt: NOW,
  customerId: 7,
  ...overrides,
});

describe('refusalOf', () => {
  it('lets an open or paying checkout be paid once, for its cart, amount, currency, customer and time', () => {
    expect(refusalOf(session(), 3, payment())).toBeNull();
    expect(refusalOf(session({ status: 'paying' }), 3, payment({ currency: 'EUR', customerId: null }))).toBeNull();
  });

  it('names why anything else is refused', () => {
    expect(refusalOf(session(), 3, payment({ amountCents: 1 }))).toBe('amount-mismatch');
    expect(refusalOf(session(), 3, payment({ currency: 'usd' }))).toBe('amount-mismatch');
    expect(refusalOf(session(), 4, payment())).toBe('cart-changed');
    expect(refusalOf(session(), 3, payment({ customerId: 8 }))).toBe('wrong-customer');
    expect(refusalOf(session(), 3, payment({ paidAt: new Date(NOW.getTime() + 31 * 60_000) }))).toBe('expired');
    expect(refusalOf(session({ status: 'expired' }), 3, payment())).toBe('not-open');
    expect(refusalOf(session({ status: 'complete', paymentRef: 'pi_other' }), 3, payment())).toBe('second-payment');
  });

  it('knows the payment that settled the checkout already', () => {
    expect(refusalOf(session({ status: 'complete', paymentRef: 'pi_1' }), 3, payment())).toBe('seen');
    expect(refusalOf(session({ status: 'refunded', paymentRef: 'pi_1' }), 3, payment())).toBe('seen');
    expect(refusalOf(session({ status: 'complete' }), 3, payment({ paymentRef: null, amountCents: 0 }))).toBe('seen');
  });
});

describe('paidOrder', () => {
  it('is the checkout as copied: the items, their prices and chats, the paid price, the customer as the patient, a 12 working-hour deadline', () => {
    const order = paidOrder(session(), { id: 7, firstName: 'Aino', lastName: 'Asiakas', hetu: '010190-998V' }, NOW);
    expect(order).toMatchObject({ source: 'customer', customerId: 7, priceCents: 2980, deliveryOptionId: 'delivery-12-h', patient: { firstName: 'Aino', lastName: 'Asiakas', hetu: '010190-998V' } });
    expect(order.items.map((i) => [i.type, i.displayName, i.priceCents, i.chatVerified])).toEqual([
      ['renewal', 'Kestine 10 mg', 990, null],
      ['prescription', 'Allergia', 1990, true],
    ]);
    expect(order.deliveryBeforeTime.getTime()).toBeGreaterThanOrEqual(NOW.getTime() + 12 * 3600_000);
  });
});
