/**
 * The doctor's calls of the REST contract (SPEC section 7, Doctor). Every call also marks
 * the session as active: the server rolls its idle timeout on each request, and the
 * session-expiry overlay counts from the last one.
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

// ------------------------------------------------------------ session activity
// The doctor's own actions (and 'Jatka') count as activity for the session-expiry prompt;
// background refetches do not, so an unattended screen is logged out even while it polls.

let lastActivity = Date.now();
const listeners = new Set<() => void>();

export function lastApiActivity(): number {
  return lastActivity;
}

export function onApiActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function touched<T>(promise: Promise<T>): Promise<T> {
  return promise.then((value) => {
    lastActivity = Date.now();
    listeners.forEach((l) => l());
    return value;
  });
}

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
  me: () => touched(api.get<DoctorInfo>('/my-doctor-info', { level: 'doctor' })),
  // Background reads (refetched on pushes, reconnects or polling) are not the doctor's activity.
  systemStatus: () => api.get<SystemStatus>('/system-status', { level: 'doctor' }),
  current: () => api.get<DoctorOrder | undefined>('/order/current', { level: 'doctor' }).then(orNull),
  pickFirst: () => changingHeldOrder(() => touched(api.post<DoctorOrder | undefined>('/order/pick-first', undefined, { level: 'doctor' })).then(orNull)),
  processItem: (itemId: number, decision: Decision, reasonForDecision: string) =>
    touched(api.post<DoctorPrescription>(`/order/process-item/${itemId}`, { decision, reasonForDecision }, { level: 'doctor' })),
  /** Delivers the current order; answers the next picked order, or null when none waits. */
  markDelivered: () =>
    changingHeldOrder(() => touched(api.post<DoctorOrder | undefined>('/order/mark-delivered', undefined, { level: 'doctor' })).then(orNull)),
  release: () => changingHeldOrder(() => touched(api.post<void>('/order/release', undefined, { level: 'doctor' }))),
  releaseOne: (orderId: number) => changingHeldOrder(() => touched(api.post<void>(`/order/release-one/${orderId}`, undefined, { level: 'doctor' }))),
  history: (body: HistoryRequest) => touched(api.post<HistoryResponse>('/history', body, { level: 'doctor' })),
  notice: () => api.get<PharmacyNotice>('/pharmacy-message', { level: 'doctor' }),
  saveNotice: (body: PharmacyMessageRequest) => touched(api.post<PharmacyNotice>('/set-pharmacy-message', body, { level: 'doctor' })),
};
