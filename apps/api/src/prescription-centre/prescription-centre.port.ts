import type { MedicationRequest } from '@medplum/fhirtypes';
import type { CentrePrescription, MedicineValidityClass } from '@resepti/domain';

/**
 * The port to Kanta's Prescription Centre. Two adapters implement it: the FHIR R4 client of a real
 * Centre or gateway (PRESCRIPTION_CENTRE_URL, required in production) and the embedded stand-in
 * (development and tests only, never in production). Inject it with `@Inject(PRESCRIPTION_CENTRE)`.
 */
export const PRESCRIPTION_CENTRE = Symbol('PrescriptionCentre');

/** Our identifier system for order items: `<system>|<order item id>` is each prescription's idempotency key. */
export const ORDER_ITEM_IDENTIFIER_SYSTEM = 'https://resepti.fi/fhir/order-item';

/** What the Centre answered to a record: its id, and whether this call created it (false: it existed, conditional create). */
export interface CentreRecord {
  id: string;
  created: boolean;
}

/** The Centre refused the resource (4xx): sending it again cannot help. `reason` is the Centre's own text. */
export class CentreRejected extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`the Prescription Centre refused the resource (${status}): ${reason}`);
  }
}

/** The Centre could not be reached or failed (5xx, timeout, connection error): try again later. */
export class CentreUnavailable extends Error {}

export interface PrescriptionCentre {
  /**
   * Records one prescription exactly once: a FHIR conditional create keyed by `identifier`
   * (`If-None-Exist: identifier=<system>|<value>`), so a repeat after a crash or a race finds the
   * first and creates nothing. The resource is validated against the R4 definitions before it is sent.
   * Throws CentreRejected (do not retry) or CentreUnavailable (retry).
   */
  record(request: MedicationRequest, identifier: { system: string; value: string }, signal?: AbortSignal): Promise<CentreRecord>;
  /** The patient's prescriptions in the Centre (search by subject:identifier = the hetu), newest first. */
  prescriptionsOf(hetu: string, signal?: AbortSignal): Promise<CentrePrescription[]>;
}

/**
 * One approved item as a prescription to record: everything the MedicationRequest is built from
 * (prescription-centre/ builds it with toMedicationRequest; orders/ loads this from its rows).
 */
export interface PrescriptionToRecord {
  orderItemId: number;
  orderId: number;
  patient: { hetu: string; firstName: string; lastName: string };
  medication: { vnr: string | null; atcCode: string; name: string; strength: string; form: string; packageSize: string };
  dosageInstruction: string;
  packages: number;
  /** ISO time of the approval (authoredOn). */
  authoredOn: string;
  /** ISO date until which it is valid (two years, or one by the medicine's class: e-prescription-rules). */
  validUntil: string;
  prescriber: { firstName: string; lastName: string; registerNumber: string };
  /** The Centre's id of the prescription renewed (priorPrescription), null for a new one. */
  priorPrescriptionId: string | null;
  /** The medicine's validity class (medicineValidityClass of e-prescription-rules), sent as an extension when known. */
  medicineClass?: MedicineValidityClass;
}
