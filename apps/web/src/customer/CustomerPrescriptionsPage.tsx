/**
 * /reseptit (SPEC section 2, prescriptions list): 'Valitut reseptit' (the cart, with 'Siirry
 * kassalle' and its price), 'Odottaa käsittelyä', 'Tilaus käsitelty' (decided within 24 h) and
 * 'Vanhat reseptit'; the empty state; the 'Hae Reseptiä' chat as a column from 1024 px, toggled
 * by the add button on narrow screens (?haku). The orders change on screen as soon as a doctor
 * picks or delivers them (socket), polled every 30 s only while disconnected.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from 'suomifi-ui-components';
import type { CustomerOrder } from '@resepti/domain';
import { useSession } from '../auth/useSession';
import { usePageTitle } from '../components/usePageTitle';
import { CUSTOMER_CHAT_PARAM, PAID_CHECKOUT_PARAM, ROUTES } from '../routes/routes';
import { price } from '../i18n/format';
import { t } from '../i18n/i18n';
import { useCustomerCart, useCustomerOrders, useRemoveCartItem } from './customer-hooks';
import { FeedbackModal } from './FeedbackModal';
import { PaymentReturnNotice } from './PaymentReturnNotice';
import { CartItemCard, OrderPrescriptionCard } from './PrescriptionCard';
import { PrescriptionChat } from './PrescriptionChat';
import 'virtual:finnish-texts/customer';

function OrderSection({ title, orders, delivered, filter }: { title: string; orders: CustomerOrder[]; delivered: boolean; filter?: (recent: boolean) => boolean }) {
  const cards = orders.flatMap((o) => o.prescriptions.filter((p) => !filter || filter(p.recent)).map((p) => ({ order: o, p })));
  if (cards.length === 0) return null;
  const id = `rx-section-${title.replace(/\W+/g, '-')}`;
  return (
    <section className="rx-section" aria-labelledby={id}>
      <h2 id={id} className="rx-section__heading">
        {title}
      </h2>
      <ul className="rx-list">
        {cards.map(({ order, p }) => (
          <OrderPrescriptionCard key={`${order.orderId}-${p.id}`} order={order} prescription={p} delivered={delivered} />
        ))}
      </ul>
    </section>
  );
}

export function CustomerPrescriptionsPage() {
  usePageTitle(t('customer.prescriptions.heading'));
  const customer = useSession('customer').data;
  const cart = useCustomerCart();
  const { outstanding, history } = useCustomerOrders();
  const [params, setParams] = useSearchParams();
  const chatOpen = params.has(CUSTOMER_CHAT_PARAM);
  const paymentId = params.get(PAID_CHECKOUT_PARAM);
  const remove = useRemoveCartItem();

  if (!customer) return <p className="card">{t('customer.prescriptions.notCustomer')}</p>;

  const items = cart.data?.items ?? [];
  const waiting = outstanding.data ?? [];
  const handled = history.data ?? [];
  const loaded = cart.isSuccess && outstanding.isSuccess && history.isSuccess;
  const empty = loaded && items.length === 0 && waiting.length === 0 && handled.length === 0;
  const failed = cart.isError || outstanding.isError || history.isError;
  const openChat = () => setParams({ [CUSTOMER_CHAT_PARAM]: '' });

  return (
    <div className={`rx-page${chatOpen ? ' rx-page--chat-open' : ''}`}>
      <div className="rx-page__list">
        <h1 className="rx-page__heading">{t('customer.prescriptions.heading')}</h1>
        {paymentId && <PaymentReturnNotice sessionId={paymentId} />}
        {failed && (
          <p className="error-text" role="alert">
            {t('customer.prescriptions.loadFailed')}
          </p>
        )}
        {empty && (
          <div className="rx-empty card">
            <p>{t('customer.prescriptions.emptyHeading')}</p>
            <Button onClick={openChat} className="rx-empty__start">
              {t('customer.prescriptions.emptyStart')}
            </Button>
          </div>
        )}
        {items.length > 0 && (
          <section className="rx-section" aria-labelledby="rx-selected">
            <h2 id="rx-selected" className="rx-section__heading">
              {t('customer.prescriptions.selected')}
            </h2>
            <ul className="rx-list">
              {items.map((item) => (
                <CartItemCard key={item.id} item={item} onRemove={() => remove.mutate(item.id)} removing={remove.isPending} />
              ))}
            </ul>
            <Link className="button-link button-link--primary rx-checkout" to={ROUTES.customerHandling}>
              {t('customer.prescriptions.checkout', { price: price(cart.data!.totalPrice) })}
            </Link>
          </section>
        )}
        <OrderSection title={t('customer.prescriptions.waiting')} orders={waiting} delivered={false} />
        <OrderSection title={t('customer.prescriptions.handled')} orders={handled} delivered filter={(recent) => recent} />
        <OrderSection title={t('customer.prescriptions.old')} orders={handled} delivered filter={(recent) => !recent} />
      </div>
      <aside className="rx-page__chat" aria-label={t('customer.chat.heading')}>
        <button type="button" className="link-button rx-page__close-chat" onClick={() => setParams({})}>
          {t('customer.prescriptions.closeChat')}
        </button>
        <PrescriptionChat customerId={customer.id} firstName={customer.firstName} sex={customer.sex} />
      </aside>
      <FeedbackModal />
    </div>
  );
}
