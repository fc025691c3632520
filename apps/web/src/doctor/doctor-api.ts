/**
 * The doctor's calls of the REST contract (SPEC section 7, Doctor): plain functions over
 * api/client.ts, used by the screens through doctor-hooks.ts. The doctor's own actions (every
 * write, and 'Jatka') count as activity for the session-expiry prompt; background reads
 * (refetched on pushes, reconnects or polling) do not (see api/client.ts).
 */
import type {
  CentrePrescriptions,
  PatientContext,
  DoctorInfo,
  DoctorOrder,
  DoctorPrescription,
  HistoryRequest,
  HistoryResponse,
  PharmacyMessageRequest,
  PharmacyNotice,
  ProcessItemRequest,
  Product,
  SystemStatus,
} from '@resepti/domain';
import { api } from '../api/client';

/** A 401 on any of these leads to the doctor's login page. */
const D = { level: 'doctor' } as const;

/** 204 (no content) arrives as undefined: "none". */
const orNull = <T>(v: T | undefined): T | null => v ?? null;

/** 'Jatka' on the expiry prompt: a cheap authenticated call that counts as the doctor's activity. */
export function keepSessionAlive(): Promise<DoctorInfo> {
  return api.get<DoctorInfo>('/my-doctor-info', { ...D, activity: true });
}

export function fetchSystemStatus(): Promise<SystemStatus> {
  return api.get<SystemStatus>('/system-status', D);
}

/** The order this doctor holds, or null. */
export async function fetchCurrentOrder(): Promise<DoctorOrder | null> {
  return orNull(await api.get<DoctorOrder | undefined>('/order/current', D));
}

/** 'Seuraava työ': picks the order due first; null when none waits. */
export async function pickFirstOrder(): Promise<DoctorOrder | null> {
  return orNull(await api.post<DoctorOrder | undefined>('/order/pick-first', undefined, D));
}

/** A decision; an approval with what it prescribes (dosage, and a new prescription's product and packages). */
export function decideItem(itemId: number, request: ProcessItemRequest): Promise<DoctorPrescription> {
  return api.post<DoctorPrescription>(`/order/process-item/${itemId}`, request, D);
}

/** The patient's prescriptions in the Prescription Centre for the held order, item by item (null: no held order). */
export async function fetchCentrePrescriptions(): Promise<CentrePrescriptions | null> {
  return orNull(await api.get<CentrePrescriptions | undefined>('/order/centre-prescriptions', D));
}

/** What Resepti knows of the held order's patient: age, sex, earlier decisions on each item's medicine (null: no held order). */
export async function fetchPatientContext(): Promise<PatientContext | null> {
  return orNull(await api.get<PatientContext | undefined>('/order/patient-context', D));
}

/** The decision panel's medicine search: available products whose brand or active ingredient starts with `q`. */
export function searchProducts(q: string, limit: number): Promise<Product[]> {
  return api.get<Product[]>(`/products?${new URLSearchParams({ q, limit: String(limit) }).toString()}`, D);
}

/** Delivers the current order; answers the next picked order, or null when none waits. */
export async function markDelivered(): Promise<DoctorOrder | null> {
  return orNull(await api.post<DoctorOrder | undefined>('/order/mark-delivered', undefined, D));
}

/** 'Palauta jonoon': the current order goes back to the queue. */
export function releaseOrder(): Promise<void> {
  return api.post<void>('/order/release', undefined, D);
}

/** 'Palauta' in the history: an order some doctor is processing goes back to the queue. */
export function releaseOrderById(orderId: number): Promise<void> {
  return api.post<void>(`/order/release-one/${orderId}`, undefined, D);
}

export function fetchHistory(request: HistoryRequest): Promise<HistoryResponse> {
  return api.post<HistoryResponse>('/history', request, D);
}

export function fetchNotice(): Promise<PharmacyNotice> {
  return api.get<PharmacyNotice>('/pharmacy-message', D);
}

export function saveNotice(notice: PharmacyMessageRequest): Promise<PharmacyNotice> {
  return api.post<PharmacyNotice>('/set-pharmacy-message', notice, D);
}
