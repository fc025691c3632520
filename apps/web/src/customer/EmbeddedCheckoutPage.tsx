/**
 * /kassa/{sessionId}: the embedded test checkout, used when no STRIPE_SECRET_KEY is set. It looks
 * and behaves like a hosted card checkout: the amount and lines, card number, expiry and CVC,
 * Stripe's test cards (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined), 30 minutes to
 * pay. Paid: cart and orders refreshed, on to /reseptit. The server turns the payment into a
 * signed checkout event and handles it like Stripe's webhook. The lines are the items at their
 * full prices, the campaign code's discount and the total charged (what Stripe charges, issue 45);
 * a stale second tab that pays a checkout paid already is told so, not that this payment succeeded.
 * A refused payment moves the focus to the card number (the error is its description).
 */
import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, TextInput } from 'suomifi-ui-components';
import { patientItemName, TEST_CARDS } from '@resepti/domain';
import { price, time } from '../i18n/format';
import { errorTextWithRetry } from '../api/error-text';
import { usePageTitle } from '../components/usePageTitle';
import { focusAfterRender } from '../components/focus-after-render';
import { ROUTES } from '../routes/routes';
import { currentLanguage, t } from '../i18n/i18n';
import { useEmbeddedCheckout, usePayEmbeddedCheckout } from './customer-hooks';
import 'virtual:finnish-texts/customer';
import 'virtual:finnish-texts/shared';

/** The expiry as the customer types it: '1234' → '12/34', the slash added after the month (not when deleting it). */
function formatExpiry(typed: string, before: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  if (typed.length < before.length && before.endsWith('/') && !typed.includes('/')) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return typed.includes('/') || typed.length > before.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function EmbeddedCheckoutPage() {
  usePageTitle(t('customer.checkout.heading'));
  const ids = useId();
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const session = useEmbeddedCheckout(sessionId);
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  // A double click sends one payment: the second click comes before React disables the button.
  const submitting = useRef(false);

  const numberId = `${ids}-number`;
  const errorId = `${ids}-error`;
  const pay = usePayEmbeddedCheckout(sessionId, {
    // Paid by this request: on to the confirmation. Paid before (another tab): this page says so (status 'complete').
    onSuccess: ({ successUrl, alreadyPaid }) => (alreadyPaid ? focusAfterRender(() => document.getElementById(`${ids}-status`)) : void navigate(successUrl)),
    // By mouse too: the button is disabled while paying, so the focus would fall to the body.
    onError: () => focusAfterRender(() => document.getElementById(numberId)),
    onSettled: () => {
      submitting.current = false;
    },
  });

  if (session.isPending) return null;
  if (session.isError || !session.data) {
    return (
      <section className="pay card">
        <h1>{t('customer.checkout.heading')}</h1>
        <p role="alert">{t('customer.checkout.notFound')}</p>
        <Link to={ROUTES.customerHandling}>{t('customer.checkout.cancel')}</Link>
      </section>
    );
  }
  const s = session.data;
  const error = pay.isError ? errorTextWithRetry(pay.error, t('customer.checkout.failed'), (time: string) => t('customer.checkout.retryAt', { time })) : null;
  const field = (name: keyof typeof card) => ({
    value: card[name],
    onChange: (v: unknown) => {
      const typed = String(v ?? '');
      setCard((c) => ({ ...c, [name]: name === 'expiry' ? formatExpiry(typed, c.expiry) : typed }));
      pay.reset();
    },
  });

  return (
    <section className="pay card" aria-labelledby={`${ids}-heading`}>
      <h1 id={`${ids}-heading`}>{t('customer.checkout.heading')}</h1>
      <p className="pay__merchant">{t('customer.checkout.payTo')}</p>
      <p className="pay__amount">{price(s.amountCents)}</p>
      <ul className="checkout__lines">
        {s.items.map((item, i) => (
          <li key={i} className="checkout__line">
            <span>{patientItemName(item, currentLanguage())}</span>
            <span>{price(item.priceCents)}</span>
          </li>
        ))}
        {s.discountCents > 0 && (
          <li className="checkout__line checkout__line--discount">
            <span>{t('customer.handling.discount')}</span>
            <span>−{price(s.discountCents)}</span>
          </li>
        )}
        <li className="checkout__line checkout__line--total">
          <span>{t('customer.handling.total')}</span>
          <span>{price(s.amountCents)}</span>
        </li>
      </ul>

      {s.status === 'expired' && (
        <>
          <p role="alert">{t('customer.checkout.expired')}</p>
          <Link to={ROUTES.customerHandling}>{t('customer.checkout.cancel')}</Link>
        </>
      )}
      {s.status === 'paying' && <p role="status">{t('customer.checkout.payingElsewhere')}</p>}
      {s.status === 'refunded' && (
        <>
          <p role="alert">{t('customer.checkout.refunded')}</p>
          <Link to={ROUTES.customerHandling}>{t('customer.checkout.cancel')}</Link>
        </>
      )}
      {s.status === 'complete' && (
        <>
          <p role="status" id={`${ids}-status`} tabIndex={-1}>
            {t('customer.checkout.complete')}
          </p>
          <Link to={ROUTES.customerPrescriptions}>{t('customer.handling.backToPrescriptions')}</Link>
        </>
      )}
      {s.status === 'open' && (
        <form
          className="pay__form"
          onSubmit={(e) => {
            e.preventDefault();
            if (submitting.current) return;
            submitting.current = true;
            pay.mutate(card);
          }}
        >
          <p className="pay__test">{t('customer.checkout.testMode')}</p>
          <p className="pay__test-cards">{t('customer.checkout.testCards', { ok: TEST_CARDS.succeeds, declined: TEST_CARDS.declined })}</p>
          <TextInput
            id={numberId}
            labelText={t('customer.checkout.cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            fullWidth
            maxLength={23}
            aria-describedby={error ? errorId : undefined}
            {...field('cardNumber')}
          />
          <div className="pay__row">
            <TextInput id={`${ids}-expiry`} labelText={t('customer.checkout.expiry')} inputMode="numeric" autoComplete="cc-exp" maxLength={7} {...field('expiry')} />
            <TextInput id={`${ids}-cvc`} labelText={t('customer.checkout.cvc')} inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...field('cvc')} />
          </div>
          <div role="alert" aria-live="assertive">
            {error && (
              <p className="error-text" id={errorId}>
                {error}
              </p>
            )}
            {pay.isSuccess && !pay.data.alreadyPaid && <p>{t('customer.checkout.paid')}</p>}
          </div>
          <Button type="submit" fullWidth disabled={pay.isPending || pay.isSuccess || !card.cardNumber || !card.expiry || !card.cvc}>
            {pay.isPending ? t('customer.checkout.paying') : t('customer.checkout.pay', { price: price(s.amountCents) })}
          </Button>
          <p className="pay__expires">{t('customer.checkout.expiresAt', { time: time(s.expiresAt) })}</p>
          <Link to={`${ROUTES.customerHandling}?success=false`}>{t('customer.checkout.cancel')}</Link>
        </form>
      )}
    </section>
  );
}
