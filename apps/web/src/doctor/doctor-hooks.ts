/**
 * The doctor's server state: every query, live query and write of the doctor's screens, with what
 * each does to the cache (pushes by the rules below, see api/useLiveQuery.ts; polled every 30 s
 * only while the socket is down). And two small timing hooks the screens share.
 */
import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE, POLL_INTERVAL_MS, SOCKET_EVENTS, type Decision, type DoctorOrder, type DoctorPrescription, type HistorySortOrder, type OrderUpdatedEvent, type PharmacyNotice, type ProcessItemRequest, type SystemStatus } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { refetchOnPush, useLiveQuery } from '../api/useLiveQuery';
import type { WriteReactions } from '../api/write-reactions';
import {
  decideItem,
  fetchCentrePrescriptions,
  fetchCurrentOrder,
  fetchHistory,
  fetchNotice,
  fetchPatientContext,
  fetchSystemStatus,
  markDelivered,
  pickFirstOrder,
  releaseOrder,
  releaseOrderById,
  saveNotice,
} from './doctor-api';

/**
 * Queue counts and this doctor's held order id. Pushes carry them (queue:status the counts to
 * every doctor, doctor:held the id to this doctor alone) and go straight into the cache: no
 * request per push.
 */
export function useSystemStatus() {
  return useLiveQuery<SystemStatus>({
    queryKey: queryKeys.doctor.status,
    queryFn: fetchSystemStatus,
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
 * work must not add reads nobody made. This tab's own changes of the held order (the writes
 * below with the key `heldOrderChange`) put their answer into the cache themselves: the
 * doctor:held push they cause is not another tab's change.
 */
export function useCurrentOrder() {
  const queryClient = useQueryClient();
  const ownChangeInFlight = () => queryClient.isMutating({ mutationKey: queryKeys.doctor.heldOrderChange }) > 0;
  return useLiveQuery({
    queryKey: queryKeys.doctor.current,
    queryFn: fetchCurrentOrder,
    pollIntervalMs: POLL_INTERVAL_MS.doctor,
    onPush: {
      [SOCKET_EVENTS.orderUpdated]: (update, current) => (current != null && update.orderId === current.id && !alreadyShown(update, current) ? 'refetch' : 'ignore'),
      [SOCKET_EVENTS.doctorHeld]: (held, current) => (!ownChangeInFlight() && held.pickedOrder !== (current?.id ?? null) ? 'refetch' : 'ignore'),
    },
  });
}

/**
 * A push about the held order that the cache already shows (this tab's own pick or decision,
 * whose answer is in the cache, echoed back) needs no read: the status is the same and so is
 * the item's decision.
 */
function alreadyShown(update: OrderUpdatedEvent, current: DoctorOrder): boolean {
  if (update.deliveryStatus !== current.deliveryStatus) return false;
  if (update.itemId == null) return true;
  return current.prescriptions.some((p) => p.id === update.itemId && p.decision === update.decision);
}

/** 'Seuraava työ': the picked order becomes the current one. */
export function usePickFirstOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.doctor.heldOrderChange,
    mutationFn: pickFirstOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.doctor.current, order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctor.status });
    },
  });
}

/** A decision on one prescription of the order on screen (an approval with what it prescribes). */
export interface ItemDecision {
  prescription: DoctorPrescription;
  decision: Decision;
  reason: string;
  prescribing?: Pick<ProcessItemRequest, 'dosageInstruction' | 'productId' | 'packages'>;
}

/**
 * The Prescription Centre's facts of the order on screen, read once when it opens (never by the
 * pick itself: the Centre may be slow; every read is audited with the patient).
 */
export function useCentrePrescriptions(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.doctor.centrePrescriptions(orderId),
    queryFn: fetchCentrePrescriptions,
    enabled,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/** The patient's context of the order on screen (earlier decisions, age, sex): read once when it opens, never on a push (every read is audited). */
export function usePatientContext(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.doctor.patientContext(orderId),
    queryFn: fetchPatientContext,
    enabled,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/** The answer (the decided prescription) goes into the current order in the cache, then the screen moves on. */
export function useDecideItem(orderId: number, reactions: WriteReactions<DoctorPrescription, ItemDecision> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ prescription, decision, reason, prescribing }: ItemDecision) =>
      decideItem(prescription.id, { decision, reasonForDecision: reason, ...(decision === 'approved' ? prescribing : {}) }),
    onSuccess: (updated, decision) => {
      queryClient.setQueryData<DoctorOrder | null>(queryKeys.doctor.current, (old) =>
        old && old.id === orderId ? { ...old, prescriptions: old.prescriptions.map((p) => (p.id === updated.id ? updated : p)) } : old,
      );
      return reactions.onSuccess?.(updated, decision);
    },
    onError: reactions.onError,
  });
}

/**
 * 'Lähetä': delivers the current order. The screen keeps the delivered order on view first (it
 * leaves the cache now: the answer is the next picked order, or null); then counts and history follow.
 */
export function useMarkDelivered(reactions: WriteReactions<DoctorOrder | null> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.doctor.heldOrderChange,
    mutationFn: markDelivered,
    onSuccess: (next) => {
      void reactions.onSuccess?.(next);
      queryClient.setQueryData(queryKeys.doctor.current, next);
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctor.status });
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctor.historyRoot });
    },
    onError: (error) => {
      void reactions.onError?.(error);
      // The order may have changed meanwhile (released by another doctor): show it as it is.
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctor.current });
    },
  });
}

/** 'Palauta jonoon': the current order goes back to the queue; the doctor holds none. */
export function useReleaseOrder(reactions: WriteReactions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.doctor.heldOrderChange,
    mutationFn: releaseOrder,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.doctor.current, null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctor.status });
    },
    onError: reactions.onError,
  });
}

/** The history: pages of HISTORY_PAGE_SIZE orders for a search and a sort order. */
export function useDoctorHistory(filter: string, sortOrder: HistorySortOrder) {
  return useInfiniteQuery({
    queryKey: queryKeys.doctor.history(filter, sortOrder),
    queryFn: ({ pageParam }) => fetchHistory({ filter, sortOrder, offset: pageParam }),
    initialPageParam: HISTORY_PAGE_SIZE,
    getNextPageParam: (last, _all, lastOffset) => (lastOffset < last.count ? lastOffset + HISTORY_PAGE_SIZE : undefined),
  });
}

/** 'Palauta' in the history: the order goes back to the queue, whoever held it (this doctor too). */
export function useReleaseOrderById() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.doctor.heldOrderChange,
    mutationFn: releaseOrderById,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctor.historyRoot });
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctor.status });
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctor.current });
    },
  });
}

/** The notice to pharmacies (the header shows its title while published). */
export function useNotice() {
  return useLiveQuery({
    queryKey: queryKeys.doctor.notice,
    queryFn: fetchNotice,
    pollIntervalMs: POLL_INTERVAL_MS.doctor,
    onPush: { [SOCKET_EVENTS.noticeUpdated]: refetchOnPush },
  });
}

/** Saves (and publishes or withdraws) the notice; the answer is the notice as saved. */
export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotice,
    onSuccess: (saved: PharmacyNotice) => queryClient.setQueryData(queryKeys.doctor.notice, saved),
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
