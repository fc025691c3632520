/**
 * The doctor's answers of the web API (/ui-api/v1) as OpenAPI schemas, each `implements` its @resepti/domain type
 * (see common/web-api-schemas.ts for why).
 */
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  DECISIONS,
  DELIVERY_OPTION_IDS,
  ORDER_STATUSES,
  type ChatEntry,
  type Decision,
  type DeliveryOptionId,
  type DoctorInfo,
  type DoctorName,
  type DoctorOrder,
  type DoctorPrescription,
  type HistoryResponse,
  type ItemType,
  type OrderStatus,
  type PharmacyData,
  type QueueOrder,
  type SystemStatus,
} from '@resepti/domain';
import { INT, ITEM_TYPES, SOURCES, TIME, WebPatientSchema } from '../platform/http/web-api-schemas.js';

// --- Doctor ------------------------------------------------------------------------------------

@ApiSchema({ name: 'DoctorInfo' })
export class DoctorInfoSchema implements DoctorInfo {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty({ example: 'laakari@example.fi' })
  email!: string;

  @ApiProperty({ example: 'Liisa' })
  firstName!: string;

  @ApiProperty({ example: 'Lääkäri' })
  lastName!: string;

  @ApiProperty({ type: 'number', description: 'The idle timeout of a session (SESSION_IDLE_MINUTES; may be a fraction).', example: 30 })
  sessionIdleMinutes!: number;
}

@ApiSchema({ name: 'SystemStatus' })
export class SystemStatusSchema implements SystemStatus {
  @ApiProperty(INT)
  waitingForDoctor!: number;

  @ApiProperty(INT)
  processing!: number;

  @ApiProperty({ ...TIME, nullable: true, description: 'The earliest deadline among waiting orders.' })
  nextOrderExpiring!: string | null;

  @ApiProperty(INT)
  count20min!: number;

  @ApiProperty(INT)
  count12h!: number;

  @ApiProperty({ ...INT, nullable: true, description: "This doctor's current order." })
  pickedOrder!: number | null;
}

@ApiSchema({ name: 'ChatEntry' })
export class ChatEntrySchema implements ChatEntry {
  @ApiProperty()
  text!: string;

  @ApiProperty({ enum: ['question', 'answer'] })
  type!: 'question' | 'answer';

  @ApiPropertyOptional()
  discardOnSave?: boolean;
}

@ApiSchema({ name: 'DoctorPrescription' })
export class DoctorPrescriptionSchema implements DoctorPrescription {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty({ enum: ITEM_TYPES })
  type!: ItemType;

  @ApiProperty({ ...INT, nullable: true })
  productId!: number | null;

  @ApiProperty({ description: 'Medicine name with strength (renewals) or the topic (requests).' })
  displayName!: string;

  @ApiProperty()
  format!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The topic of a new-prescription request.' })
  medicalProblem!: string | null;

  @ApiProperty({ type: [ChatEntrySchema], nullable: true, description: 'The questionnaire record of a request.' })
  chat!: ChatEntrySchema[] | null;

  @ApiProperty({ type: Boolean, nullable: true, description: 'Requests: false when the chat could not be checked against the questionnaire.' })
  chatVerified!: boolean | null;

  @ApiProperty({ enum: DECISIONS })
  decision!: Decision;

  @ApiProperty()
  reasonForDecision!: string;

  @ApiProperty({ ...TIME, nullable: true })
  decisionTime!: string | null;

  @ApiProperty(INT)
  priceCents!: number;

  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Approved renewals, set on delivery.' })
  renewableTill!: string | null;

  @ApiProperty({ type: String, nullable: true })
  couponCode!: string | null;
}

@ApiSchema({ name: 'DoctorName' })
export class DoctorNameSchema implements DoctorName {
  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;
}

@ApiSchema({ name: 'PharmacyData' })
export class PharmacyDataSchema implements PharmacyData {
  @ApiProperty({ example: 'Keskusapteekki' })
  pharmacy!: string;

  @ApiProperty()
  pharmacyPhone!: string;

  @ApiProperty()
  pharmacist!: string;
}

@ApiSchema({ name: 'DoctorOrder' })
export class DoctorOrderSchema implements DoctorOrder {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty({ ...INT, description: 'The order number shown to users (the same as id).' })
  orderId!: number;

  @ApiProperty({ enum: SOURCES })
  source!: 'customer' | 'pharmacy';

  @ApiProperty({ type: WebPatientSchema })
  patient!: WebPatientSchema;

  @ApiProperty({ type: [DoctorPrescriptionSchema] })
  prescriptions!: DoctorPrescriptionSchema[];

  @ApiProperty({ ...TIME, nullable: true })
  processingStartTime!: string | null;

  @ApiProperty(TIME)
  deliveryBeforeTime!: string;

  @ApiProperty({ enum: ORDER_STATUSES })
  deliveryStatus!: OrderStatus;

  @ApiProperty({ enum: DELIVERY_OPTION_IDS })
  deliveryOptionId!: DeliveryOptionId;

  @ApiProperty({ ...TIME, nullable: true })
  deliveryTime!: string | null;

  @ApiProperty(TIME)
  created!: string;

  @ApiProperty({ type: DoctorNameSchema, nullable: true })
  doctor!: DoctorNameSchema | null;

  @ApiProperty({ type: PharmacyDataSchema, nullable: true, description: 'Pharmacy orders: who sent it.' })
  pharmacyData!: PharmacyDataSchema | null;
}

@ApiSchema({ name: 'QueueOrder' })
export class QueueOrderSchema implements QueueOrder {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty(INT)
  orderId!: number;

  @ApiProperty({ enum: SOURCES })
  source!: 'customer' | 'pharmacy';

  @ApiProperty({ enum: DELIVERY_OPTION_IDS })
  deliveryOptionId!: DeliveryOptionId;

  @ApiProperty(TIME)
  deliveryBeforeTime!: string;

  @ApiProperty(TIME)
  created!: string;

  @ApiProperty(INT)
  itemCount!: number;
}

@ApiSchema({ name: 'DoctorHistory' })
export class DoctorHistorySchema implements HistoryResponse {
  @ApiProperty({ type: [DoctorOrderSchema] })
  data!: DoctorOrderSchema[];

  @ApiProperty({ ...INT, description: 'All orders that match the filter.' })
  count!: number;
}

