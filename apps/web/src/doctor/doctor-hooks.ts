/** Live server state of the doctor's screens, and small shared hooks. */
import { useEffect, useState } from 'react';
import { POLL_INTERVAL_MS, SOCKET_EVENTS, type SystemStatus } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { refetchOnPush, useLiveQuery } from '../api/useLiveQuery';
import { doctorApi, ownHeldOrderChangeInFlight } from './doctor-api';

/**
 * Queue counts and this doctor's held order id. Pushes carry them (queue:status the counts to
 * every doctor, doctor:held the id to this doctor alone) and go straight into the cache: no
 * request per push. Polled every 30 s only while disconnected; refetched once on reconnect.
 */
export function useSystemStatus() {
  return useLiveQuery<SystemStatus>({
    queryKey: queryKeys.doctor.status,
    queryFn: doctorApi.systemStatus,
    pollIntervalMs: POLL_INTERVAL_MS.doctor,
    onPush: {
      [SOCKET_EVENTS.queueStatus]: (counts, current) => (current ? { data: { ...counts, pickedOrder: current.pickedOrder } } : 'refetch'),
      [SOCKET_EVENTS.doctorHeld]: (held, current) => (current ? { data: { ...current, pickedOrder: held.pickedOrder } } : 'refetch'),
    },
  });
}

/**
 * The doctor's current order (null: none). Refetched only when the held order changed under this
 * tab (doctor:held with another id: picked in another tab, or released by another doctor) or
 * when a push is about this very order: every read of an order is audited, and other doctors'
 * work must not add reads nobody made.
 */
export function useCurrentOrder() {
  return useLiveQuery({
    queryKey: queryKeys.doctor.current,
    queryFn: doctorApi.current,
    pollIntervalMs: POLL_INTERVAL_MS.doctor,
    onPush: {
      [SOCKET_EVENTS.orderUpdated]: (update, current) => (current != null && update.orderId === current.id ? 'refetch' : 'ignore'),
      [SOCKET_EVENTS.doctorHeld]: (held, current) => (!ownHeldOrderChangeInFlight() && held.pickedOrder !== (current?.id ?? null) ? 'refetch' : 'ignore'),
    },
  });
}

/** The notice to pharmacies (the header shows its title while published). */
export function useNotice() {
  return useLiveQuery({
    queryKey: queryKeys.doctor.notice,
    queryFn: doctorApi.notice,
    pollIntervalMs: POLL_INTERVAL_MS.doctor,
    onPush: { [SOCKET_EVENTS.noticeUpdated]: refetchOnPush },
  });
}

/** The current time, re-rendering every `intervalMs` (the 1 s countdown tick). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** `value`, settled for `delayMs` (the 500 ms search debounce). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
