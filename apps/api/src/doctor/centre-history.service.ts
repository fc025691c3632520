import { Inject, Injectable, Logger } from '@nestjs/common';
import { renewalOf, type CentrePrescription, type Renewal } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { PRESCRIPTION_CENTRE, type PrescriptionCentre } from '../prescription-centre/prescription-centre.port.js';

/** How long the doctor's screen waits for the Centre before it says the Centre cannot be reached. */
const CENTRE_READ_TIMEOUT_MS = 8000;

/** What names a medicine in the Centre's prescriptions: its package number, ATC code and name (catalogue product or prescribed medication). */
export interface MedicineKey {
  vnr: string | null;
  atcCode: string;
  name: string;
}

/** A Centre prescription with what the renewal rules say of it today. */
export type RatedPrescription = CentrePrescription & { renewal: Renewal };

/**
 * The patient's prescriptions in Kanta's Prescription Centre as the doctor decides with them: one
 * read per call, audited with the patient ('prescription-centre.read'), null when the Centre cannot
 * be reached (the doctor still decides; the dosage is then typed).
 */
@Injectable()
export class CentreHistory {
  private readonly logger = new Logger('CentreHistory');

  constructor(
    @Inject(PRESCRIPTION_CENTRE) private readonly centre: PrescriptionCentre,
    private readonly audit: AuditService,
  ) {}

  async of(actor: SessionUser, patient: { hetu: string; orderId: number }): Promise<CentrePrescription[] | null> {
    let prescriptions: CentrePrescription[] | null;
    try {
      prescriptions = await this.centre.prescriptionsOf(patient.hetu, AbortSignal.timeout(CENTRE_READ_TIMEOUT_MS));
    } catch (err) {
      this.logger.warn(`the Prescription Centre could not be read: ${(err as Error).message}`);
      prescriptions = null;
    }
    await this.audit.record(actor, {
      action: 'prescription-centre.read',
      orderId: patient.orderId,
      patientHetu: patient.hetu,
      details: { answered: prescriptions !== null },
    });
    return prescriptions;
  }
}

/** The prescriptions of this medicine (same VNR, else same ATC code, else same name), newest first, each rated by the rules on `today`. */
export function prescriptionsOfMedicine(all: readonly CentrePrescription[], medicine: MedicineKey, today: Date): RatedPrescription[] {
  const atc = medicine.atcCode.trim().toUpperCase();
  const name = medicine.name.trim().toLowerCase();
  return all
    .filter((p) => {
      if (medicine.vnr && p.medication.vnr === medicine.vnr) return true;
      if (atc !== '') return p.medication.atcCode.trim().toUpperCase() === atc;
      return name !== '' && p.medication.name.trim().toLowerCase().startsWith(name);
    })
    .sort((a, b) => b.authoredOn.localeCompare(a.authoredOn))
    .map((p) => ({ ...p, renewal: renewalOf(p, today) }));
}

/** The prescriptions whose ATC code starts with one of these prefixes (a topic's usual medicines), newest first, rated. */
export function prescriptionsOfAtcPrefixes(all: readonly CentrePrescription[], prefixes: readonly string[], today: Date): RatedPrescription[] {
  return all
    .filter((p) => prefixes.some((prefix) => p.medication.atcCode.toUpperCase().startsWith(prefix)))
    .sort((a, b) => b.authoredOn.localeCompare(a.authoredOn))
    .map((p) => ({ ...p, renewal: renewalOf(p, today) }));
}
