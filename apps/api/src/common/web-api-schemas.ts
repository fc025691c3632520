/**
 * The web API's answers (/ui-api/v1) as OpenAPI schemas. Each class `implements` its
 * @resepti/domain type, so the web document (docs/openapi/web-api.json) and the code that fills
 * the answers cannot drift apart: a field added to the domain type and missing here (or typed
 * otherwise) is a compile error. The names differ from the integrator API's schemas (the two
 * documents are built from one application).
 */
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  DECISIONS,
  DELIVERY_OPTION_IDS,
  LANGUAGES,
  MFA_ROLES,
  ORDER_STATUSES,
  TOPICS,
  type AccessActorRole,
  type ApiClientView,
  type ApiError,
  type ChatEntry,
  type CsrfTokenResponse,
  type CustomerCart,
  type CustomerCartItem,
  type CustomerCoupon,
  type CustomerInfo,
  type CustomerOrder,
  type CustomerPaid,
  type CustomerPrescription,
  type CustomerSession,
  type Decision,
  type DeliveryOptionDto,
  type DeliveryOptionId,
  type DoctorInfo,
  type DoctorName,
  type DoctorOrder,
  type DoctorPrescription,
  type EmbeddedCheckoutPaid,
  type EmbeddedCheckoutSession,
  type FeedbackQuestion,
  type HistoryResponse,
  type IdentificationPurpose,
  type ItemType,
  type Language,
  type LoginResponse,
  type MessageStatus,
  type MfaRole,
  type MyAccessLog,
  type MyAccessLogEntry,
  type OrderStatus,
  type Patient,
  type PatientAccessLog,
  type PatientAccessLogEntry,
  type PaymentSessionResponse,
  type PaymentStatus,
  type PharmacyCart,
  type PharmacyCartItem,
  type PharmacyData,
  type PharmacyNotice,
  type PharmacyOffice,
  type PharmacyOrder,
  type PharmacyOrderPage,
  type PharmacyOrderPrescription,
  type PharmacySendResult,
  type PharmacyUserInfo,
  type PharmacyUserListEntry,
  type Product,
  type QueueOrder,
  type RegistrationData,
  type SystemStatus,
  type TopicId,
  type TotpEnableResponse,
  type TotpSetupResponse,
  type TotpStatus,
  type UsernameCheck,
} from '@resepti/domain';
import type { HealthResponse, ReadinessResponse } from '../health/health.controller.js';

const TIME = { type: String, format: 'date-time' } as const;
const INT = { type: 'integer' } as const;
const ITEM_TYPES: ItemType[] = ['renewal', 'prescription'];
const TOPIC_IDS: TopicId[] = TOPICS.map((t) => t.id);
const SOURCES = ['customer', 'pharmacy'] as const;
const CHECKOUT_STATUSES: EmbeddedCheckoutSession['status'][] = ['open', 'paying', 'complete', 'expired', 'refunded'];

/** Every error of the web API: Nest's {statusCode, message, error} (not the integrator API's problem+json). */
@ApiSchema({ name: 'WebError' })
export class WebErrorSchema implements ApiError {
  @ApiProperty({ ...INT, minimum: 400, maximum: 599, example: 400 })
  statusCode!: number;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'For the user, in the language the request asks for (Accept-Language; Finnish by default). Validation errors: one message per invalid field.',
    example: 'Tarkista henkilöturvatunnus',
  })
  message!: string | string[];

  @ApiPropertyOptional({ description: 'The HTTP reason phrase.', example: 'Bad Request' })
  error?: string;

  @ApiPropertyOptional({ description: "A machine-readable code where the client acts on it: 'csrf' (fetch a new token from GET /csrf-token and send again).", example: 'csrf' })
  code?: string;

  @ApiPropertyOptional({ description: '500 only: the request id of the server log (the X-Request-Id the request came with, or a new one).' })
  requestId?: string;
}

@ApiSchema({ name: 'CsrfToken' })
export class CsrfTokenSchema implements CsrfTokenResponse {
  @ApiProperty({ description: 'Send it in the X-CSRF-Token header of every POST, PUT, PATCH and DELETE.' })
  token!: string;
}

@ApiSchema({ name: 'LoginResult' })
export class LoginResultSchema implements LoginResponse {
  @ApiProperty({ enum: ['customer', 'doctor', 'pharmacy'], example: 'doctor' })
  role!: LoginResponse['role'];

  @ApiPropertyOptional({ enum: [true], description: 'The password was right; not signed in yet: POST /login/mfa with the TOTP code.' })
  mfaRequired?: true;

  @ApiPropertyOptional({ enum: [true], description: 'The role must use TOTP (MFA_REQUIRED_FOR): only the setup endpoints answer until it is enabled.' })
  mfaSetupRequired?: true;
}

@ApiSchema({ name: 'TotpStatus' })
export class TotpStatusSchema implements TotpStatus {
  @ApiProperty({ enum: MFA_ROLES })
  role!: MfaRole;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({ description: 'The role must use MFA (MFA_REQUIRED_FOR): disabling is refused.' })
  required!: boolean;
}

@ApiSchema({ name: 'TotpSetup' })
export class TotpSetupSchema implements TotpSetupResponse {
  @ApiProperty({ description: 'Base32 secret for the authenticator app.' })
  secret!: string;

  @ApiProperty({ example: 'otpauth://totp/Resepti:laakari%40example.fi?secret=…&issuer=Resepti' })
  otpauthUrl!: string;
}

@ApiSchema({ name: 'TotpEnabled' })
export class TotpEnabledSchema implements TotpEnableResponse {
  @ApiProperty({ type: [String], description: 'Ten one-time recovery codes, shown only now.' })
  recoveryCodes!: string[];
}

@ApiSchema({ name: 'WebProduct' })
export class WebProductSchema implements Product {
  @ApiProperty({ ...INT, example: 1 })
  productId!: number;

  @ApiProperty({ example: 'Kestine 20 mg tabletti' })
  displayName!: string;

  @ApiProperty({ example: 'tabletti' })
  format!: string;

  @ApiProperty({ description: 'false for narcotic and PKV medicines: never renewed through the service.' })
  renewable!: boolean;
}

@ApiSchema({ name: 'WebPatient' })
export class WebPatientSchema implements Patient {
  @ApiProperty({ example: 'Matti' })
  firstName!: string;

  @ApiProperty({ example: 'Meikäläinen' })
  lastName!: string;

  @ApiProperty({ example: '121212-913Y' })
  hetu!: string;
}

// --- Access logs -------------------------------------------------------------------------------

@ApiSchema({ name: 'PatientAccessLogEntry' })
export class PatientAccessLogEntrySchema implements PatientAccessLogEntry {
  @ApiProperty(TIME)
  at!: string;

  @ApiProperty({ enum: ['customer', 'doctor', 'pharmacy', 'integrator'] })
  actorRole!: PatientAccessLogEntry['actorRole'];

  @ApiProperty({ type: String, nullable: true, description: 'null when the account no longer exists.' })
  actorName!: string | null;

  @ApiProperty({ example: 'order:read' })
  action!: string;

  @ApiProperty({ ...INT, nullable: true })
  orderId!: number | null;
}

@ApiSchema({ name: 'PatientAccessLog' })
export class PatientAccessLogSchema implements PatientAccessLog {
  @ApiProperty({ example: '010190-998V' })
  hetu!: string;

  @ApiProperty({ type: [PatientAccessLogEntrySchema], description: 'Oldest first.' })
  entries!: PatientAccessLogEntrySchema[];
}

@ApiSchema({ name: 'MyAccessLogEntry' })
export class MyAccessLogEntrySchema implements MyAccessLogEntry {
  @ApiProperty(TIME)
  time!: string;

  @ApiProperty({ enum: ['doctor', 'pharmacy', 'integrator'] })
  actorRole!: AccessActorRole;

  @ApiProperty({ example: 'Liisa Lääkäri' })
  actor!: string;

  @ApiProperty({ example: 'Katsoi tilauksen' })
  action!: string;
}

@ApiSchema({ name: 'MyAccessLog' })
export class MyAccessLogSchema implements MyAccessLog {
  @ApiProperty({ type: [MyAccessLogEntrySchema], description: 'Newest first.' })
  entries!: MyAccessLogEntrySchema[];

  @ApiProperty({ description: 'Another page follows.' })
  hasMore!: boolean;
}

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

@ApiSchema({ name: 'PharmacyNotice' })
export class PharmacyNoticeSchema implements PharmacyNotice {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty()
  header!: string;

  @ApiProperty()
  additionalDetails!: string;

  @ApiProperty({ enum: ['published', 'unpublished'] })
  status!: 'published' | 'unpublished';
}

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

@ApiSchema({ name: 'ApiClient' })
export class ApiClientSchema implements ApiClientView {
  @ApiProperty(INT)
  id!: number;

  @ApiProperty({ example: 'rc_3f9a…' })
  clientId!: string;

  @ApiProperty({ example: 'Kassajärjestelmä' })
  name!: string;

  @ApiProperty({ type: 'integer', isArray: true, description: 'Offices it may act for; [] = every office of the pharmacy.' })
  officeIds!: number[];

  @ApiProperty(TIME)
  created!: string;

  @ApiProperty({ ...TIME, nullable: true })
  revoked!: string | null;

  @ApiProperty({ description: 'A sandbox client: its orders are decided by the simulated doctor.' })
  sandbox!: boolean;
}

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

@ApiSchema({ name: 'CustomerPrescription' })
export class CustomerPrescriptionSchema implements CustomerPrescription {
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

// --- Health ------------------------------------------------------------------------------------

@ApiSchema({ name: 'Health' })
export class HealthSchema implements HealthResponse {
  @ApiProperty({ enum: ['ok', 'degraded'] })
  status!: HealthResponse['status'];

  @ApiProperty({ enum: ['up', 'down'] })
  database!: HealthResponse['database'];

  @ApiProperty({ enum: ['up', 'down', 'disabled'], description: 'disabled: REDIS_URL is not set (one process).' })
  redis!: HealthResponse['redis'];
}

@ApiSchema({ name: 'Readiness' })
export class ReadinessSchema implements ReadinessResponse {
  @ApiProperty({ enum: ['ready', 'not-ready'] })
  status!: ReadinessResponse['status'];

  @ApiProperty({ enum: ['up', 'down'] })
  database!: ReadinessResponse['database'];

  @ApiProperty({ enum: ['current', 'pending', 'unknown'] })
  migrations!: ReadinessResponse['migrations'];

  @ApiProperty()
  shuttingDown!: boolean;
}

@ApiSchema({ name: 'Liveness' })
export class LivenessSchema {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';
}
