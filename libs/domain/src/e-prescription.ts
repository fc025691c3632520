/**
 * E-prescriptions: what Resepti knows of a prescription in Kanta's Prescription Centre
 * (Reseptikeskus), shared by the API and the web. The Centre's own format is FHIR R4
 * (MedicationRequest); the API maps it to these shapes at its port (apps/api/src/prescription-centre/).
 * The renewal rules that read them are in e-prescription-rules.ts; docs/eprescriptions.md cites them.
 */

/** One approved item's record in the Centre: pending until the Centre accepted it, failed when it refused (4xx). */
export type EPrescriptionStatus = 'pending' | 'recorded' | 'failed';

/** `ePrescription` of an order item in the web and integrator APIs (null: nothing to record — not approved). */
export interface EPrescription {
  /** The Centre's id of the prescription (null until recorded). */
  id: string | null;
  status: EPrescriptionStatus;
  /** ISO time the Centre accepted it. */
  recordedAt: string | null;
  /** ISO date (Helsinki) until which the prescription is valid: two years, or one by the medicine's class. */
  validUntil: string | null;
}

/** A prescription the Centre holds for a patient, as the doctor and the renewal chat see it. */
export interface CentrePrescription {
  /** The Centre's id (MedicationRequest.id). */
  id: string;
  /** ISO date the prescription was written. */
  authoredOn: string;
  /** The prescriber's name as the Centre gives it. */
  prescriber: string;
  medication: {
    /** VNR package number, when the Centre names a package. */
    vnr: string | null;
    atcCode: string;
    name: string;
  };
  /** The dosage text (annosteluohje). */
  dosageInstruction: string;
  /** ISO date until which it is valid. */
  validUntil: string;
  /** Dispensed at least once (a renewal needs it). */
  dispensed: boolean;
  /** A curative course (e.g. an antibiotic): not renewed. */
  curative: boolean;
  /** Marked 'ne repete' (not to be repeated): not renewed. */
  neRepete: boolean;
  /** A telephone prescription: not renewed. */
  telephone: boolean;
  /** A special-permit product (erityislupavalmiste): not renewed. */
  specialPermit: boolean;
  /** A narcotic or a PKV medicine: never renewed through Resepti. */
  narcoticOrPkv: boolean;
}
