/**
 * /handling (SPEC section 2, campaign code / checkout): the chosen prescriptions, a campaign code
 * with apply or undo, the discount line, and 'Siirry kassalle' with the cart's price ('Siirrytään
 * kassalle...' while the payment session is made). The browser then goes to the checkout: Stripe's
 * hosted page, or the app's embedded test checkout. ?success=false (a cancelled checkout) and a
 * failed start are only logged (SPEC section 4, Payment); a payment still being taken (409
 * 'Maksusi käsitellään') is shown with when to try again, so the customer knows why nothing moves.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, TextInput } from 'suomifi-ui-components';
import { price } from '../i18n/format';
import { isApiError } from '../api/client';
import { errorText, errorTextWithRetry } from '../api/error-text';
import { usePageTitle } from '../components/usePageTitle';
import { focusAfterRender } from '../components/focus-after-render';
import { ROUTES } from '../routes/routes';
import { currentLanguage, t } from '../i18n/i18n';
import { dosageFormName, patientItemName } from '@resepti/domain';
import { isHostedCheckout } from './customer-api';
import { useApplyCoupon, useCustomerCart, useStartCheckout, useUnapplyCoupon } from './customer-hooks';
import 'virtual:finnish-texts/customer';
import 'virtual:finnish-texts/shared';

export function CustomerHandlingPage() {
  usePageTitle(t('customer.handling.heading'));
  const ids = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cart = useCustomerCart();
  const [code, setCode] = useState('');
  // One start per click: a double click would otherwise send two (the server answers both with the same checkout).
  const starting = useRef(false);

  useEffect(() => {
    if (params.get('success') === 'false') console.info('checkout cancelled or failed (success=false)');
  }, [params]);

  // The focus follows the code: to the line saying it is in use, back to the field when it is removed or refused.
  const couponStatusId = `${ids}-coupon-status`;
  const couponInputId = `${ids}-coupon`;
  const focusById = (id: string) => focusAfterRender(() => document.getElementById(id));
  const apply = useApplyCoupon({
    onSuccess: () => {
      setCode('');
      focusById(couponStatusId);
    },
    onError: () => focusById(couponInputId),
  });
  const undo = useUnapplyCoupon({ onSuccess: () => focusById(couponInputId) });
  const checkout = useStartCheckout({
    // Stripe's hosted page; or the embedded checkout, or /reseptit when a code covered everything.
    onSuccess: ({ url }) => (isHostedCheckout(url) ? window.location.assign(url) : void navigate(url)),
    onSettled: () => {
      starting.current = false;
    },
  });
  const startCheckout = () => {
    if (starting.current) return;
    starting.current = true;
    checkout.mutate();
  };

  const data = cart.data;
  if (!data) return <p className="card">{cart.isError ? t('customer.prescriptions.loadFailed') : null}</p>;

  const fullPrice = data.items.reduce((sum, i) => sum + i.priceCents, 0);
  const couponError = apply.isError ? errorText(apply.error, t('customer.chat.failed')) : null;
  const paymentInProgress = isApiError(checkout.error, 409) ? errorTextWithRetry(checkout.error, '', (time: string) => t('customer.checkout.retryAt', { time })) : null;

  return (
    <section className="checkout card" aria-labelledby={`${ids}-heading`}>
      <h1 id={`${ids}-heading`}>{t('customer.handling.heading')}</h1>
      {data.items.length === 0 ? (
        <>
          <p>{t('customer.handling.empty')}</p>
          <Link to={ROUTES.customerPrescriptions}>{t('customer.handling.backToPrescriptions')}</Link>
        </>
      ) : (
        <>
          <h2 className="checkout__subheading">{t('customer.handling.cartHeading')}</h2>
          <ul className="checkout__lines">
            {data.items.map((item) => (
              <li key={item.id} className="checkout__line">
                <span>
                  {patientItemName(item, currentLanguage())} {item.format && <span className="rx-card__format">{dosageFormName(item.format, currentLanguage())}</span>}
                </span>
                <span>{price(item.priceCents)}</span>
              </li>
            ))}
            {data.coupon && (
              <li className="checkout__line checkout__line--discount">
                <span>
                  {t('customer.handling.discount')} ({data.coupon.code}
                  {data.coupon.discountPercentage !== null ? ` −${data.coupon.discountPercentage} %` : ''})
                </span>
                <span>−{data.coupon.discountEuro}</span>
              </li>
            )}
            <li className="checkout__line checkout__line--total">
              <span>{t('customer.handling.total')}</span>
              <span>
                {data.coupon && <s className="checkout__full-price">{price(fullPrice)}</s>} {price(data.totalPrice)}
              </span>
            </li>
          </ul>

          {data.coupon ? (
            <div className="checkout__coupon">
              <p role="status" id={couponStatusId} tabIndex={-1}>
                {t('customer.handling.couponApplied', { code: data.coupon.code })}
              </p>
              <Button variant="secondary" onClick={() => undo.mutate()} disabled={undo.isPending}>
                {t('customer.handling.undo')}
              </Button>
            </div>
          ) : (
            <form
              className="checkout__coupon"
              onSubmit={(e) => {
                e.preventDefault();
                if (code.trim()) apply.mutate(code.trim());
              }}
            >
              <TextInput
                id={couponInputId}
                labelText={t('customer.handling.couponLabel')}
                optionalText=""
                value={code}
                onChange={(v) => {
                  setCode(String(v ?? ''));
                  apply.reset();
                }}
                status={couponError ? 'error' : 'default'}
                statusText={couponError ?? undefined}
                maxLength={64}
              />
              <Button type="submit" variant="secondary" disabled={apply.isPending || code.trim() === ''}>
                {t('customer.handling.apply')}
              </Button>
            </form>
          )}

          <Button className="checkout__pay" onClick={startCheckout} disabled={checkout.isPending} mt="m">
            {checkout.isPending ? t('customer.handling.checkingOut') : t('customer.handling.checkout', { price: price(data.totalPrice) })}
          </Button>
          {paymentInProgress && (
            <p className="error-text" role="alert">
              {paymentInProgress}
            </p>
          )}
          <p className="checkout__note">{t('customer.handling.paymentNote')}</p>
          <Link to={ROUTES.customerPrescriptions}>{t('customer.handling.backToPrescriptions')}</Link>
        </>
      )}
    </section>
  );
}
