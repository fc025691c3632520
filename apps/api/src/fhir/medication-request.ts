/**
 * A pharmacy order's item as a FHIR R4 MedicationRequest (pure: a row in, a resource out). The
 * pharmacy asks a doctor to renew a prescription: until the doctor approves, the item is a
 * `proposal`; an approved item is an `order` the doctor requested. Decisions show only once the
 * order is delivered, as in the pharmacy's own view (docs/integrators.md, "FHIR R4 view").
 */
import type { MedicationRequest, Organization, Practitioner, Reference } from '@medplum/fhirtypes';

/** The Finnish personal identity code's OID (Digital and Population Data Services Agency). */
export const HETU_SYSTEM = 'urn:oid:1.2.246.21';
export const ORDER_SYSTEM = 'urn:resepti:order';
export const ORDER_ITEM_SYSTEM = 'urn:resepti:order-item';
export const PRODUCT_SYSTEM = 'urn:resepti:product';
/** The identifier of an approved item's prescription in Kanta's Prescription Centre (its MedicationRequest.id there). */
export const PRESCRIPTION_CENTRE_SYSTEM = 'urn:resepti:prescription-centre';

export type { OrderItemRow } from '../orders/order-item-rows.js';
import { SANDBOX_DOCTOR_NAME, type OrderItemRow } from '../orders/order-item-rows.js';
import { prescribedOf } from '../orders/order-view.js';
import { OFFICE_SYSTEM, officeOrganizationId, SANDBOX_PRACTITIONER_ID } from './fhir-directory-resources.js';

export { OFFICE_SYSTEM };

/**
 * The item's version (meta.versionId, and its ETag W/"<versionId>"): the last change of its order,
 * by time and by transaction, so two changes within one millisecond are still two versions.
 */
export const versionOf = (row: Pick<OrderItemRow, 'updatedAt' | 'changeXid'>): string => `${row.updatedAt.getTime()}-${row.changeXid}`;

/** The doctor's resolvable reference (GET /api/fhir/Practitioner/{id}); the simulated doctor's is Practitioner/sandbox. */
function doctorOf(row: OrderItemRow): Reference<Practitioner> | undefined {
  if (!row.doctorName) return undefined;
  const id = row.doctorId !== null ? String(row.doctorId) : row.doctorName === SANDBOX_DOCTOR_NAME ? SANDBOX_PRACTITIONER_ID : null;
  return { ...(id ? { reference: `Practitioner/${id}` } : {}), type: 'Practitioner', display: row.doctorName };
}

export const ATC_SYSTEM = 'http://www.whocc.no/atc';

/** status × intent of an item, from its order's state and (once delivered) its decision. */
export function requestState(row: Pick<OrderItemRow, 'deliveryStatus' | 'decision'>): Pick<MedicationRequest, 'status' | 'intent'> {
  if (row.deliveryStatus !== 'delivered') return { status: 'active', intent: 'proposal' };
  if (row.decision === 'approved') return { status: 'active', intent: 'order' };
  if (row.decision === 'rejected' || row.decision === 'rejected-with-coupon') return { status: 'cancelled', intent: 'proposal' };
  return { status: 'unknown', intent: 'proposal' };
}

export function toMedicationRequest(row: OrderItemRow): MedicationRequest {
  const { status, intent } = requestState(row);
  const delivered = row.deliveryStatus === 'delivered';
  const doctor = doctorOf(row);
  const office: Reference<Organization> | undefined =
    row.officeId !== null
      ? { reference: `Organization/${officeOrganizationId(row.officeId)}`, type: 'Organization', identifier: { system: OFFICE_SYSTEM, value: String(row.officeId) }, display: row.officeName ?? undefined }
      : undefined;
  const notes: MedicationRequest['note'] = [];
  if (row.reason) notes.push({ authorString: row.pharmacist, text: row.reason });
  if (delivered && row.decision === 'approved' && row.reasonForDecision) notes.push({ authorString: row.doctorName ?? undefined, text: row.reasonForDecision });
  // What the doctor prescribed, once the order is delivered (as the pharmacy's own view shows it).
  const prescribed = delivered ? prescribedOf(row) : null;
  const prescribedName = prescribed && `${prescribed.name} ${prescribed.strength}`.trim();
  const atcCode = prescribed ? row.prescribedMedication?.atcCode : undefined;
  return {
    resourceType: 'MedicationRequest',
    id: String(row.itemId),
    meta: { versionId: versionOf(row), lastUpdated: row.updatedAt.toISOString() },
    identifier: [
      { system: ORDER_ITEM_SYSTEM, value: String(row.itemId) },
      // The prescription any pharmacy dispenses: its id in the Prescription Centre, once recorded there.
      ...(row.centreId ? [{ use: 'secondary' as const, system: PRESCRIPTION_CENTRE_SYSTEM, value: row.centreId, assigner: { display: 'Kanta, Reseptikeskus' } }] : []),
    ],
    groupIdentifier: { system: ORDER_SYSTEM, value: String(row.orderId) },
    status,
    ...(status === 'cancelled' && row.reasonForDecision ? { statusReason: { text: row.reasonForDecision } } : {}),
    intent,
    medicationCodeableConcept: prescribed
      ? {
          coding: [
            { system: PRODUCT_SYSTEM, code: String(prescribed.productId), display: prescribedName! },
            ...(atcCode ? [{ system: ATC_SYSTEM, code: atcCode }] : []),
          ],
          text: prescribedName!,
        }
      : {
          ...(row.productId !== null ? { coding: [{ system: PRODUCT_SYSTEM, code: String(row.productId), display: row.displayName }] } : {}),
          text: row.displayName,
        },
    subject: { type: 'Patient', identifier: { system: HETU_SYSTEM, value: row.patientHetu }, display: `${row.patientFirstName} ${row.patientLastName}` },
    authoredOn: (delivered && row.decision === 'approved' ? (row.decisionTime ?? row.deliveryTime ?? row.createdAt) : row.createdAt).toISOString(),
    // A proposal is the pharmacy's; an approved order the doctor's.
    requester: intent === 'order' ? doctor : office,
    // The doctor deciding (processing) or who decided (delivered).
    ...(doctor && row.deliveryStatus !== 'waiting' ? { performer: doctor } : {}),
    ...(prescribed ? { dosageInstruction: [{ text: prescribed.dosageInstruction }] } : {}),
    ...(office || prescribed
      ? { dispenseRequest: { ...(office ? { performer: office } : {}), ...(prescribed ? { quantity: { value: prescribed.packages, unit: 'pakkaus' } } : {}) } }
      : {}),
    ...(notes.length ? { note: notes } : {}),
  };
}
