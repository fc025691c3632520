/**
 * The pharmacy's answers of the web API (/ui-api/v1) as OpenAPI schemas, each `implements` its @resepti/domain type
 * (see common/web-api-schemas.ts for why).
 */
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  DECISIONS,
  DELIVERY_OPTION_IDS,
  ORDER_STATUSES,
  type Decision,
  type DeliveryOptionDto,
  type DeliveryOptionId,
  type ItemType,
  type MessageStatus,
  type OrderStatus,
  type PharmacyCart,
  type PharmacyCartItem,
  type PharmacyOffice,
  type PharmacyOrder,
  type PharmacyOrderPage,
  type PharmacyOrderPrescription,
  type PharmacySendResult,
  type PharmacyUserInfo,
  type PharmacyUserListEntry,
  type UsernameCheck,
} from '@resepti/domain';
import { INT, ITEM_TYPES, TIME, WebPatientSchema } from '../platform/http/web-api-schemas.js';

// --- Pharmacy ----------------------------------------------------------------------------------

@ApiSchema({ name: 'PharmacyUserInfo' })
export class PharmacyUserInfoSchema implements PharmacyUserInfo {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty({ example: 'apteekki' })
  username!: string;

  @ApiProperty({ enum: ['admin', 'user'] })
  userLevel!: 'admin' | 'user';

  @ApiProperty()
  isAdmin!: boolean;

  @ApiProperty(INT)
  pharmacyId!: number;

  @ApiProperty({ example: 'Keskusapteekki' })
  pharmacyName!: string;

  @ApiProperty({ ...INT, description: 'How many offices the user works at.' })
  officeCount!: number;

  @ApiProperty({ type: 'number', description: 'SESSION_IDLE_MINUTES (may be a fraction).', example: 30 })
  sessionIdleMinutes!: number;
}

@ApiSchema({ name: 'PharmacyOffice' })
export class PharmacyOfficeSchema implements PharmacyOffice {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty({ example: 'Keskusapteekki Kauppatori' })
  name!: string;

  @ApiProperty()
  level!: string;

  @ApiProperty({ example: 'Keskusapteekki' })
  pharmacyName!: string;

  @ApiProperty()
  phone!: string;
}

@ApiSchema({ name: 'PharmacyDeliveryOption' })
export class PharmacyDeliveryOptionSchema implements DeliveryOptionDto {
  @ApiProperty({ enum: DELIVERY_OPTION_IDS })
  id!: DeliveryOptionId;

  @ApiProperty()
  label!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty(INT)
  firstItemCents!: number;

  @ApiProperty(INT)
  nextItemCents!: number;
}

@ApiSchema({ name: 'PharmacyCartItem' })
export class PharmacyCartItemSchema implements PharmacyCartItem {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty({ enum: ITEM_TYPES })
  type!: ItemType;

  @ApiProperty(INT)
  productId!: number;

  @ApiProperty()
  displayName!: string;

  @ApiProperty()
  format!: string;

  @ApiProperty({ description: "The pharmacist's additional information for the doctor." })
  reason!: string;
}

@ApiSchema({ name: 'PharmacyCart' })
export class PharmacyCartSchema implements PharmacyCart {
  @ApiProperty({ type: [PharmacyCartItemSchema] })
  items!: PharmacyCartItemSchema[];

  @ApiProperty({ enum: DELIVERY_OPTION_IDS, nullable: true })
  deliveryOptionId!: DeliveryOptionId | null;

  @ApiProperty({ type: WebPatientSchema, nullable: true })
  patient!: WebPatientSchema | null;

  @ApiProperty(INT)
  totalPriceCents!: number;
}

@ApiSchema({ name: 'PharmacySendResult' })
export class PharmacySendResultSchema implements PharmacySendResult {
  @ApiProperty(INT)
  orderId!: number;

  @ApiProperty(TIME)
  deliveryBeforeTime!: string;

  @ApiProperty(INT)
  priceCents!: number;
}

@ApiSchema({ name: 'PharmacyOrderPrescription' })
export class PharmacyOrderPrescriptionSchema implements PharmacyOrderPrescription {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty()
  displayName!: string;

  @ApiProperty()
  format!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty({ enum: DECISIONS, description: "'undecided' until the order is delivered." })
  decision!: Decision;

  @ApiProperty()
  reasonForDecision!: string;

  @ApiProperty()
  pharmacyChecked!: boolean;
}

@ApiSchema({ name: 'PharmacyOrder' })
export class PharmacyOrderSchema implements PharmacyOrder {
  @ApiProperty(INT)
  orderId!: number;

  @ApiProperty({ type: WebPatientSchema })
  patient!: WebPatientSchema;

  @ApiProperty({ enum: ORDER_STATUSES })
  deliveryStatus!: OrderStatus;

  @ApiProperty({ ...TIME, nullable: true })
  deliveryTime!: string | null;

  @ApiProperty(TIME)
  deliveryBeforeTime!: string;

  @ApiProperty({ enum: DELIVERY_OPTION_IDS })
  deliveryOptionId!: DeliveryOptionId;

  @ApiProperty(TIME)
  created!: string;

  @ApiProperty({ ...INT, nullable: true })
  officeId!: number | null;

  @ApiProperty()
  pharmacist!: string;

  @ApiProperty({ type: [PharmacyOrderPrescriptionSchema] })
  prescriptions!: PharmacyOrderPrescriptionSchema[];
}

@ApiSchema({ name: 'PharmacyOrderPage' })
export class PharmacyOrderPageSchema implements PharmacyOrderPage {
  @ApiProperty({ type: [PharmacyOrderSchema] })
  data!: PharmacyOrderSchema[];

  @ApiProperty({ ...INT, description: "All of the pharmacy's orders." })
  count!: number;

  @ApiProperty(INT)
  offset!: number;

  @ApiProperty(INT)
  limit!: number;
}

@ApiSchema({ name: 'MessageStatus' })
export class MessageStatusSchema implements MessageStatus {
  @ApiProperty({ description: 'This pharmacy user has marked the published notice as read.' })
  checked!: boolean;

  @ApiProperty({ description: 'false when no notice is published.' })
  published!: boolean;
}

@ApiSchema({ name: 'PharmacyUser' })
export class PharmacyUserSchema implements PharmacyUserListEntry {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty()
  username!: string;

  @ApiProperty({ enum: ['admin', 'user'] })
  userLevel!: 'admin' | 'user';

  @ApiProperty()
  isAdmin!: boolean;

  @ApiProperty(INT)
  pharmacyId!: number;

  @ApiPropertyOptional({ description: 'In the list: whether the user signs in with TOTP.' })
  mfaEnabled?: boolean;
}

@ApiSchema({ name: 'UsernameCheck' })
export class UsernameCheckSchema implements UsernameCheck {
  @ApiProperty()
  usernameExists!: boolean;
}

