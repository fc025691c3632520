/**
 * The doctor's calls and server state for the prescriptions Kanta's Prescription Centre refused
 * (issue 41): the list (an audited read) and the retry. Kept beside doctor-api.ts and
 * doctor-hooks.ts, in the same way: refetched on a push about a delivered order's item that is
 * no decision (an e-prescription recorded, refused or sent again), polled only while the socket is down.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, SOCKET_EVENTS, type FailedEPrescription } from '@resepti/domain';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useLiveQuery } from '../api/useLiveQuery';

const D = { level: 'doctor' } as const;

export function fetchFailedEPrescriptions(): Promise<FailedEPrescription[]> {
  return api.get<FailedEPrescription[]>('/order/e-prescriptions/failed', D);
}

/** 'Lähetä uudelleen': the refused prescription goes to the Centre again. */
export function retryEPrescription(itemId: number): Promise<void> {
  return api.post<void>(`/order/e-prescriptions/${itemId}/retry`, undefined, D);
}

export function useFailedEPrescriptions() {
  return useLiveQuery<FailedEPrescription[]>({
    queryKey: queryKeys.doctor.failedEPrescriptions,
    queryFn: fetchFailedEPrescriptions,
    pollIntervalMs: POLL_INTERVAL_MS.doctor,
    onPush: {
      // Decisions carry their decision; a delivered order's item change without one is its e-prescription (or a pharmacy's check).
      [SOCKET_EVENTS.orderUpdated]: (update) => (update.deliveryStatus === 'delivered' && update.itemId != null && update.decision == null ? 'refetch' : 'ignore'),
    },
  });
}

export function useRetryEPrescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEPrescription,
    onSuccess: (_done, itemId) => {
      queryClient.setQueryData<FailedEPrescription[]>(queryKeys.doctor.failedEPrescriptions, (old) => old?.filter((f) => f.itemId !== itemId));
    },
  });
}
