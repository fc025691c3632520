/** The doctor's answers of the web API (/ui-api/v1): the one source of each shape (see platform/http/web-api-schemas.ts). */
import { ApiProperty } from '@nestjs/swagger';
import { ApiShape } from '../platform/http/api-shape.js';
import { type Decision, type DeliveryOptionId, type ItemType, type NotRenewableReason, type OrderStatus } from '@resepti/domain';
import { EPrescriptionSchema, INT, PrescribedSchema, TIME, WebPatientSchema, WebProductSchema } from '../platform/http/web-api-schemas.js';

// --- Doctor ------------------------------------------------------------------------------------

@ApiShape('DoctorInfo')
export class DoctorInfoSchema {
  @ApiProperty(INT) id!: number;
  @ApiProperty({ example: 'laakari@example.fi' }) email!: string;
  /** @example 'Liisa' */
  firstName!: string;
  /** @example 'Lääkäri' */
  lastName!: string;
  @ApiProperty({ type: String, nullable: true, description: "The doctor's register number in Valvira's register of health-care professionals (null: approval is refused).", example: '10100000001' })
  registerNumber!: string | null;
  @ApiProperty({ type: 'number', description: 'The idle timeout of a session (SESSION_IDLE_MINUTES; may be a fraction).', example: 30 })
  sessionIdleMinutes!: number;
}

@ApiShape('SystemStatus')
export class SystemStatusSchema {
  @ApiProperty(INT) waitingForDoctor!: number;
  @ApiProperty(INT) processing!: number;
  @ApiProperty({ ...TIME, nullable: true, description: 'The earliest deadline among waiting orders.' })
  nextOrderExpiring!: string | null;
  @ApiProperty(INT) count20min!: number;
  @ApiProperty(INT) count12h!: number;
  @ApiProperty({ ...INT, nullable: true, description: "This doctor's current order." })
  pickedOrder!: number | null;
}

@ApiShape('ChatEntry')
export class ChatEntrySchema {
  text!: string;
  type!: 'question' | 'answer';
  discardOnSave?: boolean;
}

@ApiShape('DoctorPrescription')
export class DoctorPrescriptionSchema {
  @ApiProperty(INT) id!: number;
  type!: ItemType;
  @ApiProperty({ ...INT, nullable: true }) productId!: number | null;
  /** Medicine name with strength (renewals) or the topic (requests). */
  displayName!: string;
  format!: string;
  reason!: string;
  /** The topic of a new-prescription request. */
  medicalProblem!: string | null;
  @ApiProperty({ type: [ChatEntrySchema], nullable: true, description: 'The questionnaire record of a request.' })
  chat!: ChatEntrySchema[] | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'Requests: false when the chat could not be checked against the questionnaire.' })
  chatVerified!: boolean | null;
  decision!: Decision;
  reasonForDecision!: string;
  @ApiProperty({ ...TIME, nullable: true }) decisionTime!: string | null;
  @ApiProperty(INT) priceCents!: number;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Approved renewals, set on delivery.' })
  renewableTill!: string | null;
  couponCode!: string | null;
  /** What the approval prescribes (null unless approved). */
  prescribed!: PrescribedSchema | null;
  @ApiProperty({ type: EPrescriptionSchema, nullable: true, description: 'The prescription in the Prescription Centre (Kanta): null unless approved and delivered.' })
  ePrescription!: EPrescriptionSchema | null;
}

@ApiShape('DoctorName')
export class DoctorNameSchema {
  firstName!: string;
  lastName!: string;
}

@ApiShape('PharmacyData')
export class PharmacyDataSchema {
  /** @example 'Keskusapteekki' */
  pharmacy!: string;
  pharmacyPhone!: string;
  pharmacist!: string;
}

@ApiShape('DoctorOrder')
export class DoctorOrderSchema {
  @ApiProperty(INT) id!: number;
  @ApiProperty({ ...INT, description: 'The order number shown to users (the same as id).' })
  orderId!: number;
  source!: 'customer' | 'pharmacy';
  patient!: WebPatientSchema;
  prescriptions!: DoctorPrescriptionSchema[];
  @ApiProperty({ ...TIME, nullable: true }) processingStartTime!: string | null;
  @ApiProperty(TIME) deliveryBeforeTime!: string;
  deliveryStatus!: OrderStatus;
  deliveryOptionId!: DeliveryOptionId;
  @ApiProperty({ ...TIME, nullable: true }) deliveryTime!: string | null;
  @ApiProperty(TIME) created!: string;
  doctor!: DoctorNameSchema | null;
  /** Pharmacy orders: who sent it. */
  pharmacyData!: PharmacyDataSchema | null;
}

@ApiShape('QueueOrder')
export class QueueOrderSchema {
  @ApiProperty(INT) id!: number;
  @ApiProperty(INT) orderId!: number;
  source!: 'customer' | 'pharmacy';
  deliveryOptionId!: DeliveryOptionId;
  @ApiProperty(TIME) deliveryBeforeTime!: string;
  @ApiProperty(TIME) created!: string;
  @ApiProperty(INT) itemCount!: number;
}

@ApiShape('DoctorHistory')
export class DoctorHistorySchema {
  data!: DoctorOrderSchema[];
  @ApiProperty({ ...INT, description: 'All orders that match the filter.' })
  count!: number;
}

// --- Prescription Centre (issue 41) -------------------------------------------------------------

const NOT_RENEWABLE_REASONS: NotRenewableReason[] = ['curative', 'narcotic-or-pkv', 'ne-repete', 'never-dispensed', 'special-permit', 'telephone', 'window-passed'];
const DATE = { type: String, format: 'date' } as const;

/** One prescription of the patient in the Prescription Centre, with what the renewal rules say of it today. */
@ApiShape('CentrePrescriptionFacts')
export class CentrePrescriptionFactsSchema {
  /** The Centre's id. */
  id!: string;
  @ApiProperty(DATE) authoredOn!: string;
  /** The prescriber's name as the Centre gives it. */
  prescriber!: string;
  medicationName!: string;
  atcCode!: string;
  @ApiProperty({ type: String, nullable: true, description: 'VNR package number.' }) vnr!: string | null;
  dosageInstruction!: string;
  @ApiProperty(DATE) validUntil!: string;
  /** Dispensed at least once. */
  dispensed!: boolean;
  @ApiProperty({ ...DATE, description: 'The last day a renewal can be requested (its date + 28 or 16 months).' }) renewableUntil!: string;
  /** No reason against renewing it. */
  renewable!: boolean;
  @ApiProperty({ enum: NOT_RENEWABLE_REASONS, isArray: true, description: 'Every reason against renewing it (empty when renewable).' })
  reasons!: NotRenewableReason[];
}

/** One item of the held order with the Centre's facts. */
@ApiShape('CentreItemFacts')
export class CentreItemFactsSchema {
  @ApiProperty(INT) itemId!: number;
  /** A renewal: the prescriptions of its medicine; a new-prescription request: those of its topic's usual medicines. Newest first. */
  prescriptions!: CentrePrescriptionFactsSchema[];
  @ApiProperty({ type: String, nullable: true, description: "A renewal: the newest prescription's dosage, the approval's default." })
  previousDosage!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'A renewal: the prescription an approval renews (the newest renewable one); null: approved as a new prescription.' })
  renewsPrescriptionId!: string | null;
  /** A new-prescription request: the catalogue's usual choices for its topic (prescribable, available). */
  usualProducts!: WebProductSchema[];
}

@ApiShape('CentrePrescriptions')
export class CentrePrescriptionsSchema {
  @ApiProperty(INT) orderId!: number;
  /** False: the Centre could not be reached (the lists are empty; the doctor can still decide, typing the dosage). */
  centreAvailable!: boolean;
  items!: CentreItemFactsSchema[];
}

// --- What Resepti itself knows of the patient (issue 44) ---------------------------------------

/** An earlier order item of the patient for the same medicine (a request: the same topic), as it was decided. */
@ApiShape('EarlierDecision')
export class EarlierDecisionSchema {
  @ApiProperty(INT) orderId!: number;
  @ApiProperty(INT) itemId!: number;
  @ApiProperty({ ...DATE, description: 'The day of the decision (Helsinki).' }) date!: string;
  displayName!: string;
  decision!: Decision;
  /** The doctor's reason, as the doctor gave it. */
  reasonForDecision!: string;
  doctor!: DoctorNameSchema | null;
}

/** One item of the held order: the patient's earlier decisions on its medicine, newest first. */
@ApiShape('ItemHistoryFacts')
export class ItemHistoryFactsSchema {
  @ApiProperty(INT) itemId!: number;
  earlier!: EarlierDecisionSchema[];
  @ApiProperty({ ...INT, nullable: true, description: 'A renewal: whole days since the newest earlier approval of the medicine (null: none).' })
  daysSinceLastApproval!: number | null;
}

@ApiShape('PatientContext')
export class PatientContextSchema {
  @ApiProperty(INT) orderId!: number;
  @ApiProperty({ ...INT, nullable: true, description: 'Age in whole years, from the hetu (null: not a valid hetu).' })
  age!: number | null;
  @ApiProperty({ enum: ['m', 'f'], nullable: true, description: 'Sex from the hetu (null: not a valid hetu).' })
  sex!: 'm' | 'f' | null;
  @ApiProperty({ ...INT, description: "The patient's earlier delivered orders in Resepti." })
  earlierOrders!: number;
  items!: ItemHistoryFactsSchema[];
}

/** A prescription the Prescription Centre refused: 'Reseptin tallennus Kanta-palveluun epäonnistui'. */
@ApiShape('FailedEPrescription')
export class FailedEPrescriptionSchema {
  @ApiProperty({ ...INT, description: 'The order item (POST /order/e-prescriptions/{itemId}/retry).' })
  itemId!: number;
  @ApiProperty(INT) orderId!: number;
  patient!: WebPatientSchema;
  displayName!: string;
  format!: string;
  /** The Centre's reason (its HTTP status and text), or what the approval lacked. */
  reason!: string;
  @ApiProperty({ ...TIME, description: 'When the order was delivered.' })
  approvedAt!: string;
  @ApiProperty(INT) attempts!: number;
}
