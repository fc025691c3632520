/**
 * The workbench's right column: the list mode (Reseptilista, Historia) and the order cards.
 * Live: refetched on order:updated; polled every 10 s only while the socket is down.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, DropdownItem, Heading, LoadingSpinner } from 'suomifi-ui-components';
import {
  PHARMACY_HISTORY_MAX_PAGE_SIZE,
  PHARMACY_HISTORY_PAGE_SIZE,
  POLL_INTERVAL_MS,
  SOCKET_EVENTS,
  formatClockHHMM,
  isApproved,
  isRejected,
  type PharmacyOffice,
  type PharmacyOrder,
  type PharmacyOrderPrescription,
} from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { useLiveQuery } from '../api/useLiveQuery';
import { PHARMACY_TEXTS, TEXTS } from '../texts';
import { applyOrderCard } from './order-cards';
import { checkOrderItem, fetchOrders, type OrderListMode } from './pharmacy-api';

const T = PHARMACY_TEXTS.orders;
const ORDER_EVENTS = [SOCKET_EVENTS.orderUpdated] as const;

export function decisionText(order: PharmacyOrder, item: PharmacyOrderPrescription): string {
  if (isApproved(item.decision)) return T.approved;
  if (isRejected(item.decision)) return T.rejected;
  return order.deliveryStatus === 'processing' ? T.processing : T.waiting;
}

function OrderCard({ order }: { order: PharmacyOrder }) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: checkOrderItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.orders }),
  });
  const name = `${order.patient.firstName} ${order.patient.lastName}`;
  const time = order.deliveryTime ? T.deliveredAt(formatClockHHMM(order.deliveryTime)) : T.deadline(formatClockHHMM(order.deliveryBeforeTime));
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
                {item.reasonForDecision && (
                  <span className="order-card__reason">
                    {T.reason}: {item.reasonForDecision}
                  </span>
                )}
                {item.pharmacyChecked && <span className="order-card__checked">{T.removed}</span>}
              </div>
              {canRemove && (
                <button
                  type="button"
                  className="trash-button"
                  aria-label={T.remove(item.displayName)}
                  title={T.remove(item.displayName)}
                  disabled={check.isPending}
                  onClick={() => check.mutate(item.id)}
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                    <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
                  </svg>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}

export function OrderList() {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<OrderListMode>('active');
  const [limit, setLimit] = useState(PHARMACY_HISTORY_PAGE_SIZE);
  const orders = useLiveQuery({
    queryKey: queryKeys.pharmacy.ordersByMode(mode, limit),
    queryFn: () => fetchOrders(mode, limit),
    pollIntervalMs: POLL_INTERVAL_MS.pharmacy,
    events: ORDER_EVENTS,
    apply: (payload, current) => applyOrderCard(current, payload, mode, limit, queryClient.getQueryData<PharmacyOffice | null>(queryKeys.pharmacy.sessionOffice)?.id ?? null),
  });
  const list = orders.data?.orders ?? [];
  const more = mode === 'history' && orders.data !== undefined && orders.data.count > list.length && limit < PHARMACY_HISTORY_MAX_PAGE_SIZE;

  return (
    <section className="order-list" aria-labelledby="order-list-heading">
      <div className="order-list__top">
        <Heading variant="h2" id="order-list-heading">
          {T.modes[mode]}
        </Heading>
        <Dropdown
          labelText={T.modeLabel}
          value={mode}
          onChange={(value: string) => {
            setMode(value === 'history' ? 'history' : 'active');
            setLimit(PHARMACY_HISTORY_PAGE_SIZE);
          }}
        >
          <DropdownItem value="active">{T.modes.active}</DropdownItem>
          <DropdownItem value="history">{T.modes.history}</DropdownItem>
        </Dropdown>
      </div>
      {orders.isPending && <LoadingSpinner text={TEXTS.common.loading} textAlign="right" />}
      {orders.isError && <p className="ph-error">{TEXTS.common.unexpectedError}</p>}
      {orders.isSuccess && list.length === 0 && <p>{T.empty}</p>}
      <div className="order-list__cards" aria-live="polite" aria-label={T.listLabel} role="region">
        {list.map((order) => (
          <OrderCard key={order.orderId} order={order} />
        ))}
      </div>
      {more && (
        <Button variant="secondary" onClick={() => setLimit((l) => Math.min(l + PHARMACY_HISTORY_PAGE_SIZE, PHARMACY_HISTORY_MAX_PAGE_SIZE))}>
          {T.loadMore}
        </Button>
      )}
    </section>
  );
}
