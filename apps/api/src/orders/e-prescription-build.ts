import { medicineValidityClass, prescriptionValidUntil, type PrescribedMedication } from '@resepti/domain';
import type { PrescriptionToRecord } from '../prescription-centre/prescription-centre.port.js';

/** The columns load reads for one row (e: e_prescription, i: its item, o: its order, d: the doctor, p: the product prescribed). */
export interface LoadedRow {
  id: number;
  order_item_id: number;
  order_id: number;
  doctor_id: number | null;
  patient_hetu: string;
  patient_first_name: string;
  patient_last_name: string;
  decision_time: Date | null;
  delivery_time: Date | null;
  dosage_instruction: string | null;
  packages: number | null;
  prior_prescription_id: string | null;
  doctor_first_name: string | null;
  doctor_last_name: string | null;
  register_number: string | null;
  product_id: number | null;
  vnr: string | null;
  atc_code: string | null;
  name: string | null;
  strength: string | null;
  form: string | null;
  package_size: string | null;
  renewable: boolean | null;
  /** What the doctor saw and approved (a snapshot taken at the decision); null for approvals made before it existed. */
  prescribed_medication: PrescribedMedication | null;
}

/** The prescription of one approved item, or what is missing for it (a bug of the approval: refused, shown to the doctor). */
export function buildPrescription(r: LoadedRow): { prescription: PrescriptionToRecord } | { problem: string } {
  if (r.product_id === null || r.name === null) return { problem: 'the approval names no catalogue product' };
  if (!r.dosage_instruction?.trim()) return { problem: 'the approval has no dosage instruction' };
  if (!r.register_number || r.doctor_first_name === null) return { problem: 'the approving doctor has no Valvira register number' };
  const authoredOn = r.decision_time ?? r.delivery_time ?? new Date();
  // The medicine as approved, not as the catalogue reads today (a product's row can change before the send).
  const approved = r.prescribed_medication;
  const medication = approved
    ? { ...approved }
    : { vnr: r.vnr, atcCode: r.atc_code ?? '', name: r.name, strength: r.strength ?? '', form: r.form ?? '', packageSize: r.package_size ?? '' };
  const product = { atcCode: medication.atcCode, renewable: r.renewable ?? true };
  return {
    prescription: {
      orderItemId: r.order_item_id,
      orderId: r.order_id,
      patient: { hetu: r.patient_hetu, firstName: r.patient_first_name, lastName: r.patient_last_name },
      medication,
      dosageInstruction: r.dosage_instruction.trim(),
      packages: r.packages ?? 1,
      authoredOn: new Date(authoredOn).toISOString(),
      validUntil: prescriptionValidUntil(product, authoredOn),
      prescriber: { firstName: r.doctor_first_name, lastName: r.doctor_last_name ?? '', registerNumber: r.register_number },
      priorPrescriptionId: r.prior_prescription_id,
      medicineClass: medicineValidityClass(product),
    },
  };
}
