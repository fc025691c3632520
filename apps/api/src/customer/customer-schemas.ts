/** The patient's answers of the web API (/ui-api/v1): the one source of each shape (see platform/http/web-api-schemas.ts). */
import { ApiProperty } from '@nestjs/swagger';
import { ApiShape } from '../platform/http/api-shape.js';
import { type Decision, type IdentificationPurpose, type ItemType, type Language, type OrderStatus, type TopicId } from '@resepti/domain';
import { CHECKOUT_STATUSES, EPrescriptionSchema, INT, PrescribedSchema, TIME, type CheckoutStatus } from '../platform/http/web-api-schemas.js';

// --- Customer ----------------------------------------------------------------------------------

@ApiShape('CustomerInfo')
export class CustomerInfoSchema {
  @ApiProperty(INT) id!: number;
  firstName!: string;
  lastName!: string;
  @ApiProperty({ example: 'asiakas@example.fi' }) email!: string;
  /** @example '+358401234567' */
  phone!: string;
  sex!: 'm' | 'f';
  approvedEulaVersion!: string | null;
  /** The language of the text messages. */
  language!: Language;
}

@ApiShape('CustomerSession')
export class CustomerSessionSchema extends CustomerInfoSchema {
  @ApiProperty({ type: 'number', description: 'SESSION_IDLE_MINUTES (may be a fraction).', example: 30 })
  sessionIdleMinutes!: number;
}

@ApiShape('RegistrationData')
export class RegistrationDataSchema {
  hetu!: string;
  firstName!: string;
  lastName!: string;
  purpose!: IdentificationPurpose;
  /** This hetu already has an account (then only a new password can be set). */
  registered!: boolean;
  /** Why no account can be made: the person is younger than MIN_AGE. */
  tooYoung?: string;
}

@ApiShape('CustomerCartItem')
export class CustomerCartItemSchema {
  @ApiProperty(INT) id!: number;
  type!: ItemType;
  @ApiProperty({ ...INT, nullable: true }) productId!: number | null;
  displayName!: string;
  format!: string;
  reason!: string;
  medicalProblem!: TopicId | null;
  @ApiProperty(INT) priceCents!: number;
}

@ApiShape('CustomerCoupon')
export class CustomerCouponSchema {
  code!: string;
  /** @example '9,90 €' */
  discountEuro!: string;
  @ApiProperty({ type: 'number', nullable: true, description: 'Percentage coupons (20 for 20 %).' })
  discountPercentage!: number | null;
  @ApiProperty(INT) discountAmountCents!: number;
}

@ApiShape('CustomerCart')
export class CustomerCartSchema {
  items!: CustomerCartItemSchema[];
  @ApiProperty({ ...INT, description: 'What the customer pays, in cents, after the coupon.' })
  totalPrice!: number;
  /** @example '29,80 €' */
  priceEuro!: string;
  coupon!: CustomerCouponSchema | null;
}

/** A sent prescription: the cart item it was, and what the doctor decided. */
@ApiShape('CustomerPrescription')
export class CustomerPrescriptionSchema extends CustomerCartItemSchema {
  /** 'undecided' until the order is delivered. */
  decision!: Decision;
  /** In Finnish, as the doctor gave it. */
  reasonForDecision!: string;
  /** The doctor's standard reason as a catalog key's code (decisionReasons.<code>, shown in the patient's language); null for the doctor's own text (shown as written), and until the order is delivered. */
  reasonCode!: string | null;
  @ApiProperty({ ...TIME, nullable: true }) decisionTime!: string | null;
  /** Decided and delivered within the last 24 hours. */
  recent!: boolean;
  @ApiProperty({ type: String, format: 'date', nullable: true })
  renewableTill!: string | null;
  couponCode!: string | null;
  /** What the doctor prescribed (null until the order is delivered, and unless approved). */
  prescribed!: PrescribedSchema | null;
  @ApiProperty({ type: EPrescriptionSchema, nullable: true, description: 'The prescription in the Prescription Centre (Kanta): null unless approved and delivered.' })
  ePrescription!: EPrescriptionSchema | null;
}

@ApiShape('CustomerOrder')
export class CustomerOrderSchema {
  @ApiProperty(INT) orderId!: number;
  deliveryStatus!: OrderStatus;
  @ApiProperty(TIME) created!: string;
  @ApiProperty(TIME) deliveryBeforeTime!: string;
  @ApiProperty({ ...TIME, nullable: true }) deliveryTime!: string | null;
  @ApiProperty(INT) priceCents!: number;
  prescriptions!: CustomerPrescriptionSchema[];
}

@ApiShape('FeedbackQuestion')
export class FeedbackQuestionSchema {
  @ApiProperty(INT) orderId!: number;
  question!: string;
}

@ApiShape('PaymentSession')
export class PaymentSessionSchema {
  sessionId!: string;
  @ApiProperty({ description: "Stripe's hosted checkout, or the embedded checkout page (/kassa/{sessionId})." })
  url!: string;
}

@ApiShape('CustomerPaid')
export class CustomerPaidSchema {
  sessionId!: string;
  @ApiProperty(INT) orderId!: number;
}

@ApiShape('EmbeddedCheckoutItem')
export class EmbeddedCheckoutItemSchema {
  displayName!: string;
  /** A new prescription's topic: the page names it in the patient's language (displayName is Finnish). */
  medicalProblem!: TopicId | null;
  @ApiProperty(INT) priceCents!: number;
}

@ApiShape('EmbeddedCheckout')
export class EmbeddedCheckoutSchema {
  sessionId!: string;
  /** What is charged: the items' prices less the campaign code's discount. */
  @ApiProperty(INT) amountCents!: number;
  priceEuro!: string;
  /** The items at their full prices (their sum less `discountCents` is `amountCents`). */
  items!: EmbeddedCheckoutItemSchema[];
  /** The campaign code's discount in cents: the items' sum less what is charged (0 without a code). */
  @ApiProperty(INT) discountCents!: number;
  @ApiProperty({ enum: CHECKOUT_STATUSES }) status!: CheckoutStatus;
  @ApiProperty(TIME) expiresAt!: string;
  successUrl!: string;
  cancelUrl!: string;
}

@ApiShape('PaymentStatus')
export class PaymentStatusSchema {
  sessionId!: string;
  @ApiProperty({ enum: CHECKOUT_STATUSES }) status!: CheckoutStatus;
  priceEuro!: string;
  @ApiProperty({ ...INT, nullable: true }) orderId!: number | null;
}

@ApiShape('EmbeddedCheckoutPaid')
export class EmbeddedCheckoutPaidSchema {
  status!: 'complete';
  @ApiProperty(INT) orderId!: number;
  successUrl!: string;
  /** True when this request charged nothing: the checkout had been paid already (another tab, an earlier click). */
  alreadyPaid!: boolean;
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
