/** The renewal chat's offer of the patient's own prescriptions in Kanta's Prescription Centre (issue 41). */
import { ApiProperty } from '@nestjs/swagger';
import { ApiShape } from '../platform/http/api-shape.js';
import { WebProductSchema } from '../platform/http/web-api-schemas.js';

const DATE = { type: String, format: 'date' } as const;

@ApiShape('RenewableCentrePrescription')
export class RenewableCentrePrescriptionSchema {
  /** The Centre's id of the prescription (the renewal's priorPrescription). @example '5b0f3c1e-8d4a-4c1e-9a43-2f6f0f5d7a10' */
  id!: string;
  /** When it was written (the Centre's date or date-time). @example '2025-09-28' */
  authoredOn!: string;
  /** @example 'Kaisa Korhonen' */
  prescriber!: string;
  /** The medicine as the Centre names it. @example 'Atorvastatin Krka 20 mg tabletti, kalvopäällysteinen 98 kpl' */
  medicationName!: string;
  /** @example '1 tabletti illalla' */
  dosageInstruction!: string;
  @ApiProperty({ ...DATE, description: 'Valid until (Helsinki date).' })
  validUntil!: string;
  @ApiProperty({ ...DATE, description: 'The last day a renewal can be requested: its date + 28 months (two-year prescriptions) or 16.' })
  renewableUntil!: string;
  /** The catalogue's package to renew (same VNR): what the chat puts in the cart. */
  product!: WebProductSchema;
}

@ApiShape('CustomerCentrePrescriptions')
export class CustomerCentrePrescriptionsSchema {
  /** false: the Prescription Centre did not answer now (the list is empty; the chat's search still works). */
  centreAvailable!: boolean;
  /** The patient's renewable prescriptions that the catalogue sells, newest first. */
  @ApiProperty({ type: [RenewableCentrePrescriptionSchema] })
  prescriptions!: RenewableCentrePrescriptionSchema[];
}
