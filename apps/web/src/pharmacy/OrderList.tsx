/**
 * The workbench's right column: the list mode (Reseptilista, Historia) and the order cards.
 * Live: a pushed card goes straight into the list; polled every 10 s only while the socket is down.
 */
import { useState } from 'react';
import { Button, Dropdown, DropdownItem, Heading } from 'suomifi-ui-components';
import {
  PHARMACY_ACTIVE_MAX_LIMIT,
  PHARMACY_HISTORY_MAX_PAGE_SIZE,
  PHARMACY_HISTORY_PAGE_SIZE,
  formatTimeFi,
  isApproved,
  isRejected,
  type PharmacyOrder,
  type PharmacyOrderPrescription,
} from '@resepti/domain';
import { ConfirmAction } from '../components/ConfirmAction';
import { CardSkeletons } from '../components/Skeleton';
import { t, tObject } from '../i18n/i18n';
import type { OrderListMode } from './pharmacy-api';
import { useCheckOrderItem, usePharmacyOrders } from './pharmacy-hooks';
import 'virtual:finnish-texts/pharmacy';

export function decisionText(order: PharmacyOrder, item: PharmacyOrderPrescription): string {
  if (isApproved(item.decision)) return t('pharmacy.orders.approved');
  if (isRejected(item.decision)) return t('pharmacy.orders.rejected');
  return order.deliveryStatus === 'processing' ? t('pharmacy.orders.processing') : t('pharmacy.orders.waiting');
}

/** The approved item's prescription in Kanta's Prescription Centre: its id (what the dispensing pharmacy finds it by), or that it is being saved or was refused. */
function EPrescriptionLine({ item }: { item: PharmacyOrderPrescription }) {
  const e = item.ePrescription;
  if (!e) return null;
  if (e.status === 'recorded' && e.id) {
    return (
      <span className="order-card__kanta" data-testid="e-prescription-id">
        {t('pharmacy.ePrescription.label')}: <code>{e.id}</code>
      </span>
    );
  }
  return <span className="order-card__kanta">{e.status === 'failed' ? t('pharmacy.ePrescription.failed') : t('pharmacy.ePrescription.pending')}</span>;
}

function OrderCard({ order }: { order: PharmacyOrder }) {
  const check = useCheckOrderItem();
  const name = `${order.patient.firstName} ${order.patient.lastName}`;
  const time = order.deliveryTime ? t('pharmacy.orders.deliveredAt', { time: formatTimeFi(order.deliveryTime) }) : t('pharmacy.orders.deadline', { time: formatTimeFi(order.deliveryBeforeTime) });
  return (
    <article className={`order-card order-card--${order.deliveryStatus}`} aria-label={name}>
      <header className="order-card__header">
        <h3 className="order-card__patient">{name}</h3>
        <span className="order-card__hetu">{order.patient.hetu}</span>
      </header>
      <p className="order-card__time">{time}</p>
      <ul className="order-card__items">
        {order.prescriptions.map((item) => {
          const text = decisionText(order, item);
          const canRemove = item.decision !== 'undecided' && !item.pharmacyChecked;
          return (
            <li key={item.id} className="order-card__item">
              <div className="order-card__item-main">
                <span className="order-card__medicine">{item.displayName}</span>
                <span className={`decision decision--${isApproved(item.decision) ? 'approved' : isRejected(item.decision) ? 'rejected' : 'undecided'}`}>{text}</span>
                {item.prescribed && (
                  <span className="order-card__prescribed" data-testid="prescribed">
                    {t('pharmacy.orders.prescribed')}: {`${item.prescribed.name} ${item.prescribed.strength} ${item.prescribed.form}`},{' '}
                    {t('pharmacy.orders.packageCount', { count: item.prescribed.packages })}. {t('pharmacy.orders.dosage')}: {item.prescribed.dosageInstruction}
                  </span>
                )}
                {item.reasonForDecision && (
                  <span className="order-card__reason">
                    {t('pharmacy.orders.reason')}: {item.reasonForDecision}
                  </span>
                )}
                <EPrescriptionLine item={item} />
                {item.pharmacyChecked && <span className="order-card__checked">{t('pharmacy.orders.removed')}</span>}
              </div>
              {canRemove && (
                <ConfirmAction question={t('pharmacy.orders.removeQuestion', { name: item.displayName })} confirmLabel={t('pharmacy.orders.removeConfirm')} onConfirm={() => check.mutate(item.id)} className="order-card__remove">
                  {(ask) => (
                    <button type="button" className="trash-button" aria-label={t('pharmacy.orders.remove', { name: item.displayName })} title={t('pharmacy.orders.remove', { name: item.displayName })} disabled={check.isPending} onClick={ask}>
                      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                        <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
                      </svg>
                    </button>
                  )}
                </ConfirmAction>
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}

export function OrderList() {
  const [mode, setMode] = useState<OrderListMode>('active');
  // Both lists come a page at a time: the newest 30 cards, then 'Näytä lisää' asks for 30 more.
  const [limit, setLimit] = useState(PHARMACY_HISTORY_PAGE_SIZE);
  const orders = usePharmacyOrders(mode, limit);
  const all = orders.data?.orders ?? [];
  // Reseptilista is fetched with one card more than shown: that one says there are more.
  const list = mode === 'active' ? all.slice(0, limit) : all;
  const total = orders.data?.count ?? 0;
  const maxLimit = mode === 'active' ? PHARMACY_ACTIVE_MAX_LIMIT - 1 : PHARMACY_HISTORY_MAX_PAGE_SIZE;
  const more = orders.data !== undefined && (mode === 'active' ? all.length > limit : total > list.length) && limit < maxLimit;

  return (
    <section className="order-list" aria-labelledby="order-list-heading">
      <div className="order-list__top">
        <Heading variant="h2" id="order-list-heading">
          {tObject<Readonly<Record<string, string>>>('pharmacy.orders.modes')[mode]}
        </Heading>
        <Dropdown
          labelText={t('pharmacy.orders.modeLabel')}
          value={mode}
          onChange={(value: string) => {
            setMode(value === 'history' ? 'history' : 'active');
            setLimit(PHARMACY_HISTORY_PAGE_SIZE);
          }}
        >
          <DropdownItem value="active">{t('pharmacy.orders.modes.active')}</DropdownItem>
          <DropdownItem value="history">{t('pharmacy.orders.modes.history')}</DropdownItem>
        </Dropdown>
      </div>
      {orders.isPending && <CardSkeletons />}
      {orders.isError && <p className="ph-error">{t('app.common.unexpectedError')}</p>}
      {orders.isSuccess && list.length === 0 && <p>{t('pharmacy.orders.empty')}</p>}
      <div className="order-list__cards" aria-live="polite" aria-label={t('pharmacy.orders.listLabel')} role="region">
        {list.map((order) => (
          <OrderCard key={order.orderId} order={order} />
        ))}
      </div>
      {more && (
        <div className="order-list__more">
          {/* Reseptilista's total is not counted (it would cost a read of every card). */}
          {mode === 'history' && <p>{t('pharmacy.orders.showing', { shown: list.length, count: total })}</p>}
          <Button variant="secondary" onClick={() => setLimit((l) => Math.min(l + PHARMACY_HISTORY_PAGE_SIZE, maxLimit))}>
            {t('pharmacy.orders.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
