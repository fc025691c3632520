/**
 * The patient's answers of the web API (/ui-api/v1) as OpenAPI schemas, each `implements` its @resepti/domain type
 * (see common/web-api-schemas.ts for why).
 */
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  DECISIONS,
  LANGUAGES,
  ORDER_STATUSES,
  type CustomerCart,
  type CustomerCartItem,
  type CustomerCoupon,
  type CustomerInfo,
  type CustomerOrder,
  type CustomerPaid,
  type CustomerPrescription,
  type CustomerSession,
  type Decision,
  type EmbeddedCheckoutPaid,
  type EmbeddedCheckoutSession,
  type FeedbackQuestion,
  type IdentificationPurpose,
  type ItemType,
  type Language,
  type OrderStatus,
  type PaymentSessionResponse,
  type PaymentStatus,
  type RegistrationData,
  type TopicId,
} from '@resepti/domain';
import { CHECKOUT_STATUSES, INT, ITEM_TYPES, TIME, TOPIC_IDS } from '../platform/http/web-api-schemas.js';

// --- Customer ----------------------------------------------------------------------------------

@ApiSchema({ name: 'CustomerInfo' })
export class CustomerInfoSchema implements CustomerInfo {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty({ example: 'asiakas@example.fi' })
  email!: string;

  @ApiProperty({ example: '+358401234567' })
  phone!: string;

  @ApiProperty({ enum: ['m', 'f'] })
  sex!: 'm' | 'f';

  @ApiProperty({ type: String, nullable: true })
  approvedEulaVersion!: string | null;

  @ApiProperty({ enum: LANGUAGES, description: 'The language of the text messages.' })
  language!: Language;
}

@ApiSchema({ name: 'CustomerSession' })
export class CustomerSessionSchema extends CustomerInfoSchema implements CustomerSession {
  @ApiProperty({ type: 'number', description: 'SESSION_IDLE_MINUTES (may be a fraction).', example: 30 })
  sessionIdleMinutes!: number;
}

@ApiSchema({ name: 'RegistrationData' })
export class RegistrationDataSchema implements RegistrationData {
  @ApiProperty()
  hetu!: string;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty({ enum: ['registration', 'password-reset'] })
  purpose!: IdentificationPurpose;

  @ApiProperty({ description: 'This hetu already has an account (then only a new password can be set).' })
  registered!: boolean;

  @ApiPropertyOptional({ description: 'Why no account can be made: the person is younger than MIN_AGE.' })
  tooYoung?: string;
}

@ApiSchema({ name: 'CustomerCartItem' })
export class CustomerCartItemSchema implements CustomerCartItem {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty({ enum: ITEM_TYPES })
  type!: ItemType;

  @ApiProperty({ ...INT, nullable: true })
  productId!: number | null;

  @ApiProperty()
  displayName!: string;

  @ApiProperty()
  format!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty({ enum: TOPIC_IDS, nullable: true })
  medicalProblem!: TopicId | null;

  @ApiProperty(INT)
  priceCents!: number;
}

@ApiSchema({ name: 'CustomerCoupon' })
export class CustomerCouponSchema implements CustomerCoupon {
  @ApiProperty()
  code!: string;

  @ApiProperty({ example: '9,90 €' })
  discountEuro!: string;

  @ApiProperty({ type: 'number', nullable: true, description: 'Percentage coupons (20 for 20 %).' })
  discountPercentage!: number | null;

  @ApiProperty(INT)
  discountAmountCents!: number;
}

@ApiSchema({ name: 'CustomerCart' })
export class CustomerCartSchema implements CustomerCart {
  @ApiProperty({ type: [CustomerCartItemSchema] })
  items!: CustomerCartItemSchema[];

  @ApiProperty({ ...INT, description: 'What the customer pays, in cents, after the coupon.' })
  totalPrice!: number;

  @ApiProperty({ example: '29,80 €' })
  priceEuro!: string;

  @ApiProperty({ type: CustomerCouponSchema, nullable: true })
  coupon!: CustomerCouponSchema | null;
}

/** A sent prescription: the cart item it was, and what the doctor decided. */
@ApiSchema({ name: 'CustomerPrescription' })
export class CustomerPrescriptionSchema extends CustomerCartItemSchema implements CustomerPrescription {
  @ApiProperty({ enum: DECISIONS, description: "'undecided' until the order is delivered." })
  decision!: Decision;

  @ApiProperty()
  reasonForDecision!: string;

  @ApiProperty({ ...TIME, nullable: true })
  decisionTime!: string | null;

  @ApiProperty({ description: 'Decided and delivered within the last 24 hours.' })
  recent!: boolean;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  renewableTill!: string | null;

  @ApiProperty({ type: String, nullable: true })
  couponCode!: string | null;
}

@ApiSchema({ name: 'CustomerOrder' })
export class CustomerOrderSchema implements CustomerOrder {
  @ApiProperty(INT)
  orderId!: number;

  @ApiProperty({ enum: ORDER_STATUSES })
  deliveryStatus!: OrderStatus;

  @ApiProperty(TIME)
  created!: string;

  @ApiProperty(TIME)
  deliveryBeforeTime!: string;

  @ApiProperty({ ...TIME, nullable: true })
  deliveryTime!: string | null;

  @ApiProperty(INT)
  priceCents!: number;

  @ApiProperty({ type: [CustomerPrescriptionSchema] })
  prescriptions!: CustomerPrescriptionSchema[];
}

@ApiSchema({ name: 'FeedbackQuestion' })
export class FeedbackQuestionSchema implements FeedbackQuestion {
  @ApiProperty(INT)
  orderId!: number;

  @ApiProperty()
  question!: string;
}

@ApiSchema({ name: 'PaymentSession' })
export class PaymentSessionSchema implements PaymentSessionResponse {
  @ApiProperty()
  sessionId!: string;

  @ApiProperty({ description: "Stripe's hosted checkout, or the embedded checkout page (/kassa/{sessionId})." })
  url!: string;
}

@ApiSchema({ name: 'CustomerPaid' })
export class CustomerPaidSchema implements CustomerPaid {
  @ApiProperty()
  sessionId!: string;

  @ApiProperty(INT)
  orderId!: number;
}

@ApiSchema({ name: 'EmbeddedCheckoutItem' })
export class EmbeddedCheckoutItemSchema {
  @ApiProperty()
  displayName!: string;

  @ApiProperty(INT)
  priceCents!: number;
}

@ApiSchema({ name: 'EmbeddedCheckout' })
export class EmbeddedCheckoutSchema implements EmbeddedCheckoutSession {
  @ApiProperty()
  sessionId!: string;

  @ApiProperty(INT)
  amountCents!: number;

  @ApiProperty()
  priceEuro!: string;

  @ApiProperty({ type: [EmbeddedCheckoutItemSchema] })
  items!: EmbeddedCheckoutItemSchema[];

  @ApiProperty({ enum: CHECKOUT_STATUSES })
  status!: EmbeddedCheckoutSession['status'];

  @ApiProperty(TIME)
  expiresAt!: string;

  @ApiProperty()
  successUrl!: string;

  @ApiProperty()
  cancelUrl!: string;
}

@ApiSchema({ name: 'PaymentStatus' })
export class PaymentStatusSchema implements PaymentStatus {
  @ApiProperty()
  sessionId!: string;

  @ApiProperty({ enum: CHECKOUT_STATUSES })
  status!: PaymentStatus['status'];

  @ApiProperty()
  priceEuro!: string;

  @ApiProperty({ ...INT, nullable: true })
  orderId!: number | null;
}

@ApiSchema({ name: 'EmbeddedCheckoutPaid' })
export class EmbeddedCheckoutPaidSchema implements EmbeddedCheckoutPaid {
  @ApiProperty({ enum: ['complete'] })
  status!: 'complete';

  @ApiProperty(INT)
  orderId!: number;

  @ApiProperty()
  successUrl!: string;
}

/** GET /my-data: the customer's data as a JSON attachment (rows as stored, so only the top level is fixed). */
export const MY_DATA_SCHEMA = {
  type: 'object',
  required: ['exportedAt', 'profile', 'consents', 'orders', 'payments', 'feedback', 'smsMessages', 'accessLog'],
  properties: {
    exportedAt: { type: 'string', format: 'date-time' },
    profile: { type: 'object', description: 'firstName, lastName, hetu, email, phone, sex, registeredAt' },
    consents: { type: 'object', description: 'termsVersion, termsAcceptedAt, marketingAllowed' },
    orders: { type: 'array', items: { type: 'object' }, description: 'Orders with their items and decisions.' },
    payments: { type: 'array', items: { type: 'object' } },
    feedback: { type: 'array', items: { type: 'object' } },
    smsMessages: { type: 'array', items: { type: 'object' } },
    accessLog: { type: 'array', items: { $ref: '#/components/schemas/MyAccessLogEntry' } },
  },
};
