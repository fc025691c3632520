/**
 * /doctor/history (Historia): search (debounced 500 ms), four sort orders, a list that
 * loads the next page of 30 when scrolled to the bottom, and the chosen order read-only,
 * with 'Palauta' for orders still being processed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button, InlineAlert, LoadingSpinner, TextInput } from 'suomifi-ui-components';
import { DEFAULT_HISTORY_SORT, formatDateFi, formatDurationFi, formatTimeFi, type DoctorOrder, type HistorySortOrder } from '@resepti/domain';
import { errorText } from '../api/error-text';
import { ConfirmAction } from '../components/ConfirmAction';
import { t } from '../i18n/i18n';
import { useDebounced, useDoctorHistory, useNow, useReleaseOrderById } from './doctor-hooks';
import { DecisionSummary, OrderHeader, PrescriptionDetails } from './OrderParts';
import { SortSelector } from './SortSelector';
import 'virtual:finnish-texts/app';
import 'virtual:finnish-texts/doctor';
const SEARCH_DEBOUNCE_MS = 500;

function rowStatus(order: DoctorOrder, now: number): { text: string; overdue: boolean } {
  if (order.deliveryStatus === 'delivered' && order.deliveryTime) {
    return { text: t('doctor.history.handledAt', { date: formatDateFi(order.deliveryTime), time: formatTimeFi(order.deliveryTime) }), overdue: false };
  }
  const left = new Date(order.deliveryBeforeTime).getTime() - now;
  return left >= 0
    ? { text: `${t('doctor.history.inProgressLeft')} ${formatDurationFi(left)}`, overdue: false }
    : { text: `${t('doctor.history.inProgressOver')} ${formatDurationFi(left)}`, overdue: true };
}

function HistoryOrderView({ order, now }: { order: DoctorOrder; now: number }) {
  const release = useReleaseOrderById();
  const processing = order.deliveryStatus === 'processing';
  const left = new Date(order.deliveryBeforeTime).getTime() - now;
  const error = release.isError ? errorText(release.error) : null;

  const actions = processing ? (
    <>
      <span className={`time-left${left < 0 ? ' time-left--over' : ''}`}>
        {left >= 0 ? t('doctor.history.timeLeft') : t('doctor.history.timeOver')} {formatDurationFi(left)}
      </span>
      <ConfirmAction question={t('doctor.history.releaseQuestion')} confirmLabel={t('doctor.history.releaseConfirm')} onConfirm={() => release.mutate(order.id)}>
        {(ask) => (
          <Button variant="secondary" disabled={release.isPending} onClick={ask}>
            {t('doctor.history.release')}
          </Button>
        )}
      </ConfirmAction>
    </>
  ) : undefined;

  return (
    <article className="history-order" aria-label={t('doctor.order.readOnly')}>
      <OrderHeader order={order} actions={actions} />
      <div role="alert">{error && <InlineAlert status="error">{error}</InlineAlert>}</div>
      {order.prescriptions.map((p) => (
        <div key={p.id} className="history-order__prescription">
          <PrescriptionDetails order={order} prescription={p} />
          <DecisionSummary prescription={p} />
        </div>
      ))}
    </article>
  );
}

export function DoctorHistoryPage() {
  const ids = useId();
  const now = useNow(30_000);
  const [search, setSearch] = useState('');
  const filter = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sortOrder, setSortOrder] = useState<HistorySortOrder>(DEFAULT_HISTORY_SORT);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const history = useDoctorHistory(filter, sortOrder);
  const orders = history.data?.pages.flatMap((p) => p.data) ?? [];
  const count = history.data?.pages[history.data.pages.length - 1]?.count ?? 0;
  // SPEC: receiving results selects the first one (none when the list is empty).
  const selected = orders.find((o) => o.id === selectedId) ?? orders[0] ?? null;

  // Infinite scroll: the sentinel at the end of the list loads the next page.
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: listRef.current, rootMargin: '200px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, orders.length]);

  return (
    <div className="history-page">
      <section className="history-page__list" aria-labelledby={`${ids}-heading`}>
        <TextInput
          id={`${ids}-search`}
          labelText={t('doctor.history.search')}
          type="text"
          value={search}
          onChange={(v) => setSearch(String(v ?? ''))}
          fullWidth
          mb="s"
        />
        <div className="history-page__bar">
          <h1 id={`${ids}-heading`}>{t('app.doctor.historyHeading')}</h1>
          <SortSelector value={sortOrder} onChange={setSortOrder} />
        </div>
        <p className="history-page__count" aria-live="polite">
          {history.isSuccess ? t('doctor.history.count', { count }) : ''}
        </p>
        <div className="history-list" ref={listRef} data-testid="history-list">
          {history.isPending && <LoadingSpinner text={t('app.common.loading')} textAlign="right" />}
          {history.isError && <InlineAlert status="error">{errorText(history.error)}</InlineAlert>}
          {history.isSuccess && orders.length === 0 && <p className="history-list__empty">{t('doctor.history.empty')}</p>}
          <ul>
            {orders.map((o) => {
              const s = rowStatus(o, now);
              return (
                <li key={o.id}>
                  <button
                    type="button"
                    className={`history-row${selected?.id === o.id ? ' history-row--selected' : ''}`}
                    aria-current={selected?.id === o.id ? 'true' : undefined}
                    onClick={() => setSelectedId(o.id)}
                  >
                    <span className="history-row__name">
                      {o.patient.firstName} {o.patient.lastName}
                    </span>
                    <span className={`history-row__status${s.overdue ? ' history-row__status--overdue' : ''}`}>{s.text}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div ref={sentinelRef} aria-hidden="true" className="history-list__sentinel" />
          {isFetchingNextPage && <LoadingSpinner text={t('app.common.loading')} textAlign="right" />}
        </div>
      </section>
      <section className="history-page__detail">
        {selected ? <HistoryOrderView key={selected.id} order={selected} now={now} /> : history.isSuccess && orders.length > 0 ? <p>{t('doctor.history.select')}</p> : null}
      </section>
    </div>
  );
}
