/**
 * The integrator API's answers as OpenAPI schemas. Each class `implements` its @resepti/domain
 * type, so the published document and the code that fills the answers cannot drift apart: a
 * field added to the domain type and missing here (or typed otherwise) is a compile error.
 */
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  DELIVERY_OPTION_IDS,
  INTEGRATOR_TEST_EVENT,
  INTEGRATOR_WEBHOOK_EVENTS,
  ORDER_STATUSES,
  type Decision,
  type DeliveryOptionId,
  type IntegratorDeliveryOption,
  type IntegratorDeliveryOptionList,
  type IntegratorOffice,
  type IntegratorOfficeList,
  type IntegratorOrder,
  type IntegratorOrderPage,
  type IntegratorTokenResponse,
  type IntegratorEventPage,
  type IntegratorEventType,
  type IntegratorWebhookEvent,
  INTEGRATOR_API_VERSION,
  type IntegratorWebhookEventType,
  type OAuthErrorResponse,
  type OrderStatus,
  type Patient,
  type PharmacyOrderPrescription,
  type ProblemDetails,
  type ProblemFieldError,
  type Product,
  type ProductPage,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@resepti/domain';

const DECISIONS: Decision[] = ['undecided', 'approved', 'rejected', 'rejected-with-coupon'];
const TIME = { type: String, format: 'date-time' } as const;

@ApiSchema({ name: 'TokenResponse' })
export class TokenResponseSchema implements IntegratorTokenResponse {
  @ApiProperty({ description: 'Opaque access token (`rat_…`): send it as `Authorization: Bearer <token>`.', example: 'rat_eyJjIjoxLCJlIjoxNzY0MDY0MDAwfQ.2b7c…' })
  access_token!: string;

  @ApiProperty({ enum: ['Bearer'], example: 'Bearer' })
  token_type!: 'Bearer';

  @ApiProperty({ type: 'integer', description: 'Seconds until the token expires (API_TOKEN_MINUTES × 60).', example: 900 })
  expires_in!: number;
}

@ApiSchema({ name: 'OAuthError' })
export class OAuthErrorSchema implements OAuthErrorResponse {
  @ApiProperty({ enum: ['invalid_request', 'invalid_client', 'unsupported_grant_type'], description: 'RFC 6749 §5.2 error code.', example: 'invalid_client' })
  error!: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

  @ApiProperty({ description: 'A human-readable explanation in English.', example: 'The client id or secret is wrong.' })
  error_description!: string;
}

@ApiSchema({ name: 'ProblemFieldError' })
export class ProblemFieldErrorSchema implements ProblemFieldError {
  @ApiPropertyOptional({ description: 'JSON Pointer (RFC 6901) to the field of the request body.', example: '/patient/hetu' })
  pointer?: string;

  @ApiPropertyOptional({ description: 'The query or header parameter at fault.', example: 'limit' })
  parameter?: string;

  @ApiProperty({ description: 'A stable machine-readable code of this field error.', example: 'hetu_invalid' })
  code!: string;

  @ApiProperty({ description: 'What is wrong, in English.', example: 'Check the personal identity code (hetu).' })
  detail!: string;

  @ApiProperty({ description: 'The same in Finnish.', example: 'Tarkista henkilöturvatunnus' })
  detailFi!: string;
}

@ApiSchema({ name: 'Problem' })
export class ProblemSchema implements ProblemDetails {
  @ApiProperty({ format: 'uri', description: 'The kind of error, one of the error catalogue (docs/integrators.md#errors).', example: 'urn:resepti:problem:validation-failed' })
  type!: string;

  @ApiProperty({ description: 'A short English summary of the kind.', example: 'Validation failed' })
  title!: string;

  @ApiProperty({ type: 'integer', minimum: 400, maximum: 599, example: 400 })
  status!: number;

  @ApiProperty({ description: 'A stable machine-readable code of this error (the catalogue lists them).', example: 'validation_failed' })
  code!: string;

  @ApiProperty({ description: 'What went wrong, in English.', example: 'Check the personal identity code (hetu).' })
  detail!: string;

  @ApiProperty({ description: 'The same in Finnish (as the pharmacy workbench says it).', example: 'Tarkista henkilöturvatunnus' })
  detailFi!: string;

  @ApiProperty({ description: 'The request path.', example: '/api/v1/orders' })
  instance!: string;

  @ApiProperty({ format: 'uuid', description: 'Quote it when asking support; the server log has it too.', example: '4b0e7a56-4c8e-4d0c-9a55-1a3c0f5b8f20' })
  requestId!: string;

  @ApiPropertyOptional({ type: [ProblemFieldErrorSchema], description: 'Each invalid field (validation errors only).' })
  errors?: ProblemFieldErrorSchema[];
}

@ApiSchema({ name: 'Product' })
export class ProductSchema implements Product {
  @ApiProperty({ type: 'integer', example: 1 })
  productId!: number;

  @ApiProperty({ example: 'Kestine 20 mg tabletti' })
  displayName!: string;

  @ApiProperty({ example: 'tabletti' })
  format!: string;

  @ApiProperty({ description: 'false for narcotic and PKV medicines: never renewed through the service.', example: true })
  renewable!: boolean;
}

@ApiSchema({ name: 'ProductPage' })
export class ProductPageSchema implements ProductPage {
  @ApiProperty({ type: [ProductSchema] })
  data!: ProductSchema[];

  @ApiProperty({ type: 'integer', description: 'All products that match `q`.', example: 1 })
  count!: number;
}

@ApiSchema({ name: 'Office' })
export class OfficeSchema implements IntegratorOffice {
  @ApiProperty({ type: 'integer', description: 'The `officeId` of an order.', example: 1 })
  officeId!: number;

  @ApiProperty({ example: 'Keskusapteekki Kauppatori' })
  name!: string;

  @ApiProperty({ description: "'Apteekki' or 'Sivuapteekki'.", example: 'Apteekki' })
  level!: string;

  @ApiProperty({ example: 'Keskusapteekki' })
  pharmacyName!: string;
}

@ApiSchema({ name: 'OfficeList' })
export class OfficeListSchema implements IntegratorOfficeList {
  @ApiProperty({ type: [OfficeSchema] })
  data!: OfficeSchema[];
}

@ApiSchema({ name: 'DeliveryOption' })
export class DeliveryOptionSchema implements IntegratorDeliveryOption {
  @ApiProperty({ enum: DELIVERY_OPTION_IDS, description: 'The `deliveryOption` of an order.', example: 'delivery-12-h' })
  id!: DeliveryOptionId;

  @ApiProperty({ example: 'Seuraavana arkiaamuna' })
  label!: string;

  @ApiProperty({ example: 'Käsitellään seuraavana arkipäivänä klo 9 mennessä' })
  description!: string;

  @ApiProperty({ type: 'integer', description: 'The price of the first medicine of an order, in euro cents.', example: 200 })
  firstItemCents!: number;

  @ApiProperty({ type: 'integer', description: 'The price of each further medicine, in euro cents.', example: 200 })
  nextItemCents!: number;
}

@ApiSchema({ name: 'DeliveryOptionList' })
export class DeliveryOptionListSchema implements IntegratorDeliveryOptionList {
  @ApiProperty({ type: [DeliveryOptionSchema] })
  data!: DeliveryOptionSchema[];
}

@ApiSchema({ name: 'Patient' })
export class PatientSchema implements Patient {
  @ApiProperty({ example: '121212-913Y' })
  hetu!: string;

  @ApiProperty({ example: 'Matti' })
  firstName!: string;

  @ApiProperty({ example: 'Meikäläinen' })
  lastName!: string;
}

@ApiSchema({ name: 'Prescription' })
export class PrescriptionSchema implements PharmacyOrderPrescription {
  @ApiProperty({ type: 'integer', description: 'The item id (for the check call).', example: 7 })
  id!: number;

  @ApiProperty({ example: 'Kestine 20 mg tabletti' })
  displayName!: string;

  @ApiProperty({ example: 'tabletti' })
  format!: string;

  @ApiProperty({ example: 'Loppumassa' })
  reason!: string;

  @ApiProperty({ enum: DECISIONS, description: "'undecided' until the order is delivered.", example: 'approved' })
  decision!: Decision;

  @ApiProperty({ description: 'Empty until the order is delivered.', example: '' })
  reasonForDecision!: string;

  @ApiProperty({ example: false })
  pharmacyChecked!: boolean;
}

@ApiSchema({ name: 'Order' })
export class IntegratorOrderSchema implements IntegratorOrder {
  @ApiProperty({ type: 'integer', example: 42 })
  orderId!: number;

  @ApiProperty({ type: PatientSchema })
  patient!: PatientSchema;

  @ApiProperty({ enum: ORDER_STATUSES, example: 'waiting' })
  deliveryStatus!: OrderStatus;

  @ApiProperty({ ...TIME, nullable: true, description: 'When the doctor delivered the order.', example: null })
  deliveryTime!: string | null;

  @ApiProperty({ ...TIME, description: 'The deadline the doctor must meet.', example: '2026-11-25T20:00:00.000Z' })
  deliveryBeforeTime!: string;

  @ApiProperty({ enum: DELIVERY_OPTION_IDS, example: 'delivery-12-h' })
  deliveryOptionId!: DeliveryOptionId;

  @ApiProperty({ ...TIME, example: '2026-11-25T08:00:00.000Z' })
  created!: string;

  @ApiProperty({ type: 'integer', nullable: true, example: 1 })
  officeId!: number | null;

  @ApiProperty({ description: 'The name doctors see as the sender: the API client’s name.', example: 'Kassajärjestelmä' })
  pharmacist!: string;

  @ApiProperty({ type: [PrescriptionSchema] })
  prescriptions!: PrescriptionSchema[];

  @ApiProperty({ type: 'integer', description: 'The price of the order in euro cents.', example: 200 })
  priceCents!: number;

  @ApiProperty({ ...TIME, description: 'The last change (what the list is ordered by).', example: '2026-11-25T08:00:00.123Z' })
  updatedAt!: string;
}

@ApiSchema({ name: 'OrderPage' })
export class IntegratorOrderPageSchema implements IntegratorOrderPage {
  @ApiProperty({ type: [IntegratorOrderSchema] })
  data!: IntegratorOrderSchema[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null: nothing more now (ask again later with the last cursor).', example: null })
  nextCursor!: string | null;
}

@ApiSchema({ name: 'WebhookEndpoint' })
export class WebhookEndpointSchema implements WebhookEndpointView {
  @ApiProperty({ type: 'integer', example: 3 })
  id!: number;

  @ApiProperty({ format: 'uri', example: 'https://kassa.apteekki.example/resepti-webhook' })
  url!: string;

  @ApiProperty({ enum: INTEGRATOR_WEBHOOK_EVENTS, isArray: true, example: ['order.delivered'] })
  events!: IntegratorWebhookEventType[];

  @ApiProperty({ ...TIME, example: '2026-11-25T08:00:00.000Z' })
  created!: string;

  @ApiPropertyOptional({ description: 'The signing secret: only in the answer that created the endpoint or rotated its secret.', example: 'whsec_3f9a…' })
  secret?: string;

  @ApiProperty({
    ...TIME,
    nullable: true,
    description: 'Until when deliveries also carry a signature by the secret before the last rotation (a second `v1=`); null: only the current secret signs.',
    example: '2026-11-26T08:00:00.000Z',
  })
  previousSecretExpiresAt!: string | null;
}

@ApiSchema({ name: 'WebhookDelivery' })
export class WebhookDeliverySchema implements WebhookDeliveryView {
  @ApiProperty({ type: 'integer', example: 12 })
  id!: number;

  @ApiProperty({ pattern: '^evt_[A-Za-z0-9_-]+$', description: 'The event’s id (its `id` in the delivered body): drop repeats by it.', example: 'evt_wuzdkgtJfMPzYa3wqmwhMQ' })
  eventId!: string;

  @ApiProperty({ enum: [...INTEGRATOR_WEBHOOK_EVENTS, INTEGRATOR_TEST_EVENT], example: 'order.delivered' })
  eventType!: IntegratorEventType;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed', 'cancelled'], example: 'delivered' })
  status!: 'pending' | 'delivered' | 'failed' | 'cancelled';

  @ApiProperty({ type: 'integer', example: 1 })
  attempts!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: "The receiver's last HTTP status.", example: 200 })
  lastStatus!: number | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  lastError!: string | null;

  @ApiProperty({ ...TIME, nullable: true, example: null })
  nextAttemptAt!: string | null;

  @ApiProperty({ ...TIME, example: '2026-11-25T08:00:00.000Z' })
  created!: string;

  @ApiProperty({ ...TIME, nullable: true, example: '2026-11-25T08:00:01.000Z' })
  deliveredAt!: string | null;
}

@ApiSchema({ name: 'EventData' })
export class EventDataSchema {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The order (as GET /api/v1/orders/{id} answers it) or the notice.', example: { orderId: 42 } })
  object!: unknown;
}

@ApiSchema({ name: 'Event' })
export class EventSchema implements IntegratorWebhookEvent {
  @ApiProperty({ pattern: '^evt_[A-Za-z0-9_-]+$', example: 'evt_wuzdkgtJfMPzYa3wqmwhMQ' })
  id!: string;

  @ApiProperty({ enum: [...INTEGRATOR_WEBHOOK_EVENTS, INTEGRATOR_TEST_EVENT], example: 'order.released' })
  type!: IntegratorEventType;

  @ApiProperty({ description: 'The contract version the event was written in.', example: INTEGRATOR_API_VERSION })
  api_version!: string;

  @ApiProperty({ ...TIME, example: '2026-11-25T08:00:00.000Z' })
  created!: string;

  @ApiProperty({ type: EventDataSchema })
  data!: EventDataSchema;
}

@ApiSchema({ name: 'EventPage' })
export class EventPageSchema implements IntegratorEventPage {
  @ApiProperty({ type: [EventSchema] })
  data!: EventSchema[];

  @ApiProperty({ description: 'More events after the last one now: ask again with `after` = its id.', example: false })
  hasMore!: boolean;
}

/** Every schema the document names (registered with ApiExtraModels). */
export const INTEGRATOR_SCHEMAS = [
  TokenResponseSchema,
  OAuthErrorSchema,
  ProblemSchema,
  ProblemFieldErrorSchema,
  ProductPageSchema,
  OfficeListSchema,
  DeliveryOptionListSchema,
  IntegratorOrderPageSchema,
  IntegratorOrderSchema,
  WebhookEndpointSchema,
  WebhookDeliverySchema,
  EventPageSchema,
];
