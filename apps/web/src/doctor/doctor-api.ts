/**
 * The doctor's calls of the REST contract (SPEC section 7, Doctor). The doctor's own actions
 * (every write, and 'Jatka') count as activity for the session-expiry prompt; background reads
 * (refetched on pushes, reconnects or polling) do not (see api/client.ts).
 */
import type {
  Decision,
  DoctorInfo,
  DoctorOrder,
  DoctorPrescription,
  HistoryRequest,
  HistoryResponse,
  PharmacyMessageRequest,
  PharmacyNotice,
  SystemStatus,
} from '@resepti/domain';
import { api } from '../api/client';

/**
 * This tab's own calls that change which order the doctor holds. Their answers update the cache;
 * the doctor:held push they cause must not trigger a second (audited) read of the same order.
 */
let heldChangesInFlight = 0;
export const ownHeldOrderChangeInFlight = () => heldChangesInFlight > 0;
function changingHeldOrder<T>(call: () => Promise<T>): Promise<T> {
  heldChangesInFlight++;
  return call().finally(() => {
    // The push may arrive just after the answer: keep ignoring it until the answer is in the cache.
    window.setTimeout(() => heldChangesInFlight--, 0);
  });
}

/** 204 (no content) arrives as undefined: "none". */
const orNull = <T>(v: T | undefined): T | null => v ?? null;

export const doctorApi = {
  me: () => api.get<DoctorInfo>('/my-doctor-info', { level: 'doctor', activity: true }),
  systemStatus: () => api.get<SystemStatus>('/system-status', { level: 'doctor' }),
  current: () => api.get<DoctorOrder | undefined>('/order/current', { level: 'doctor' }).then(orNull),
  pickFirst: () => changingHeldOrder(() => api.post<DoctorOrder | undefined>('/order/pick-first', undefined, { level: 'doctor' }).then(orNull)),
  processItem: (itemId: number, decision: Decision, reasonForDecision: string) =>
    api.post<DoctorPrescription>(`/order/process-item/${itemId}`, { decision, reasonForDecision }, { level: 'doctor' }),
  /** Delivers the current order; answers the next picked order, or null when none waits. */
  markDelivered: () => changingHeldOrder(() => api.post<DoctorOrder | undefined>('/order/mark-delivered', undefined, { level: 'doctor' }).then(orNull)),
  release: () => changingHeldOrder(() => api.post<void>('/order/release', undefined, { level: 'doctor' })),
  releaseOne: (orderId: number) => changingHeldOrder(() => api.post<void>(`/order/release-one/${orderId}`, undefined, { level: 'doctor' })),
  history: (body: HistoryRequest) => api.post<HistoryResponse>('/history', body, { level: 'doctor' }),
  notice: () => api.get<PharmacyNotice>('/pharmacy-message', { level: 'doctor' }),
  saveNotice: (body: PharmacyMessageRequest) => api.post<PharmacyNotice>('/set-pharmacy-message', body, { level: 'doctor' }),
};
