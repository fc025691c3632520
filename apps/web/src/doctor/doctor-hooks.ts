/** Live server state of the doctor's screens, and small shared hooks. */
import { useEffect, useState } from 'react';
import { POLL_INTERVAL_MS, SOCKET_EVENTS, type OrderUpdatedEvent } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { useLiveQuery } from '../api/useLiveQuery';
import { doctorApi } from './doctor-api';

/** Queue counts: refetched on every queue:status push; polled every 30 s only while disconnected. */
export function useSystemStatus() {
  return useLiveQuery({
    queryKey: queryKeys.doctor.status,
    queryFn: doctorApi.systemStatus,
    pollIntervalMs: POLL_INTERVAL_MS.doctor,
    events: [SOCKET_EVENTS.queueStatus],
  });
}

/**
 * The doctor's current order (null: none). Another doctor may release it, hence order:updated,
 * but only pushes about this very order refetch it: every read of an order is audited, and
 * other doctors' decisions must not add reads nobody made.
 */
export function useCurrentOrder() {
  return useLiveQuery({
    queryKey: queryKeys.doctor.current,
    queryFn: doctorApi.current,
    pollIntervalMs: POLL_INTERVAL_MS.doctor,
    events: [SOCKET_EVENTS.orderUpdated],
    isAbout: (payload, current) => current != null && (payload as OrderUpdatedEvent).orderId === current.id,
  });
}

/** The notice to pharmacies (the header shows its title while published). */
export function useNotice() {
  return useLiveQuery({
    queryKey: queryKeys.doctor.notice,
    queryFn: doctorApi.notice,
    pollIntervalMs: POLL_INTERVAL_MS.doctor,
    events: [SOCKET_EVENTS.noticeUpdated],
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
