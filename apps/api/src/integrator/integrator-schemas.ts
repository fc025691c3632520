/**
 * The integrator API's answers: the one source of each shape of docs/openapi/integrator-v1.json (read by the
 * @nestjs/swagger plugin, see platform/http/web-api-schemas.ts); every property shows an example.
 */
import { ApiProperty } from '@nestjs/swagger';
import { ApiShape } from '../platform/http/api-shape.js';
import { DELIVERY_OPTION_IDS, INTEGRATOR_WEBHOOK_EVENTS, type Decision, type DeliveryOptionId, type IntegratorEventType, type IntegratorWebhookEvent, type IntegratorWebhookEventType, type OrderStatus, type EPrescriptionStatus } from '@resepti/domain';

const TIME = { type: String, format: 'date-time' } as const;

@ApiShape('TokenResponse')
export class TokenResponseSchema {
  @ApiProperty({ description: 'Opaque access token (`rat_…`): send it as `Authorization: Bearer <token>`.', example: 'rat_eyJjIjoxLCJlIjoxNzY0MDY0MDAwfQ.2b7c…' })
  access_token!: string;
  /** @example 'Bearer' */
  token_type!: 'Bearer';
  @ApiProperty({ type: 'integer', description: 'Seconds until the token expires (API_TOKEN_MINUTES × 60).', example: 900 })
  expires_in!: number;
}

@ApiShape('OAuthError')
export class OAuthErrorSchema {
  /** RFC 6749 §5.2 error code. @example 'invalid_client' */
  error!: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';
  /** A human-readable explanation in English. @example 'The client id or secret is wrong.' */
  error_description!: string;
}

@ApiShape('ProblemFieldError')
export class ProblemFieldErrorSchema {
  /** JSON Pointer (RFC 6901) to the field of the request body. @example '/patient/hetu' */
  pointer?: string;
  /** The query or header parameter at fault. @example 'limit' */
  parameter?: string;
  /** A stable machine-readable code of this field error. @example 'hetu_invalid' */
  code!: string;
  /** What is wrong, in English. @example 'Check the personal identity code (hetu).' */
  detail!: string;
  /** The same in Finnish. @example 'Tarkista henkilöturvatunnus' */
  detailFi!: string;
  /** The same in Swedish. @example 'Kontrollera personbeteckningen' */
  detailSv!: string;
}

@ApiShape('Problem')
export class ProblemSchema {
  @ApiProperty({ format: 'uri', description: 'The kind of error (its `code` is one of the Error codes listed in this document’s description).', example: 'urn:resepti:problem:validation-failed' })
  type!: string;
  /** A short English summary of the kind. @example 'Validation failed' */
  title!: string;
  @ApiProperty({ type: 'integer', minimum: 400, maximum: 599, example: 400 })
  status!: number;
  /** A stable machine-readable code of this error (the catalogue lists them). @example 'validation_failed' */
  code!: string;
  /** What went wrong, in English. @example 'Check the personal identity code (hetu).' */
  detail!: string;
  /** The same in Finnish (as the pharmacy workbench says it). @example 'Tarkista henkilöturvatunnus' */
  detailFi!: string;
  /** The same in Swedish. @example 'Kontrollera personbeteckningen' */
  detailSv!: string;
  /** The request path. @example '/api/v1/orders' */
  instance!: string;
  @ApiProperty({ format: 'uuid', description: 'Quote it when asking support; the server log has it too.', example: '4b0e7a56-4c8e-4d0c-9a55-1a3c0f5b8f20' })
  requestId!: string;
  /** Each invalid field (validation errors only). */
  errors?: ProblemFieldErrorSchema[];
}

@ApiShape('Product')
export class ProductSchema {
  @ApiProperty({ type: 'integer', example: 1 }) productId!: number;
  /** @example 'Kestine 20 mg tabletti' */
  displayName!: string;
  /** @example 'tabletti' */
  format!: string;
  /** false for narcotic and PKV medicines: never renewed through the service. @example true */
  renewable!: boolean;
}

@ApiShape('ProductPage')
export class ProductPageSchema {
  data!: ProductSchema[];
  @ApiProperty({ type: 'integer', description: 'All products that match `q`.', example: 1 })
  count!: number;
  @ApiProperty({ type: String, nullable: true, description: 'The position after the last product of this page: pass it as `cursor` for the next page. Null only when the page is empty.', example: 'cDF8NTA' })
  nextCursor!: string | null;
  @ApiProperty({ description: 'True when more products follow this page.', example: false })
  hasMore!: boolean;
}

@ApiShape('Office')
export class OfficeSchema {
  @ApiProperty({ type: 'integer', description: 'The `officeId` of an order.', example: 1 })
  officeId!: number;
  /** @example 'Keskusapteekki Kauppatori' */
  name!: string;
  /** 'Apteekki' or 'Sivuapteekki'. @example 'Apteekki' */
  level!: string;
  /** @example 'Keskusapteekki' */
  pharmacyName!: string;
}

@ApiShape('OfficeList')
export class OfficeListSchema {
  data!: OfficeSchema[];
}

@ApiShape('DeliveryOption')
export class DeliveryOptionSchema {
  @ApiProperty({ enum: DELIVERY_OPTION_IDS, description: 'The `deliveryOption` of an order.', example: 'delivery-12-h' })
  id!: DeliveryOptionId;
  /** @example 'Seuraavana arkiaamuna' */
  label!: string;
  /** @example 'Käsitellään seuraavana arkipäivänä klo 9 mennessä' */
  description!: string;
  @ApiProperty({ type: 'integer', description: 'The price of the first medicine of an order, in euro cents.', example: 200 })
  firstItemCents!: number;
  @ApiProperty({ type: 'integer', description: 'The price of each further medicine, in euro cents.', example: 200 })
  nextItemCents!: number;
}

@ApiShape('DeliveryOptionList')
export class DeliveryOptionListSchema {
  data!: DeliveryOptionSchema[];
}

@ApiShape('Patient')
export class PatientSchema {
  /** @example '121212-913Y' */
  hetu!: string;
  /** @example 'Matti' */
  firstName!: string;
  /** @example 'Meikäläinen' */
  lastName!: string;
}

/** What the doctor prescribed on approval. */
@ApiShape('PrescribedMedicine')
export class PrescribedMedicineSchema {
  @ApiProperty({ type: 'integer', description: 'The catalogue product (GET /api/v1/products).', example: 8 })
  productId!: number;
  /** @example 'Cetirizin Sandoz' */
  name!: string;
  /** @example '10 mg' */
  strength!: string;
  /** @example 'tabletti, kalvopäällysteinen' */
  form!: string;
  /** The dosage instructions (annosteluohje). @example '1 tabletti kerran päivässä' */
  dosageInstruction!: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Packages prescribed.', example: 1 })
  packages!: number;
}

@ApiShape('EPrescription')
export class IntegratorEPrescriptionSchema {
  @ApiProperty({ type: String, nullable: true, description: "The Prescription Centre's (Kanta's) id of the prescription; null until recorded.", example: 'mr-8f2c41' })
  id!: string | null;
  @ApiProperty({ enum: ['failed', 'pending', 'recorded'], description: 'pending: being recorded; recorded: in the Centre, any pharmacy dispenses it; failed: the Centre refused it (the doctor sends it again).', example: 'recorded' })
  status!: EPrescriptionStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the Centre accepted it.', example: '2026-11-25T08:00:02.000Z' })
  recordedAt!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true, description: 'Its last valid day (Helsinki time).', example: '2028-11-25' })
  validUntil!: string | null;
}

@ApiShape('Prescription')
export class PrescriptionSchema {
  @ApiProperty({ type: 'integer', description: 'The item id (for the check call).', example: 7 })
  id!: number;
  /** @example 'Kestine 20 mg tabletti' */
  displayName!: string;
  /** @example 'tabletti' */
  format!: string;
  /** @example 'Loppumassa' */
  reason!: string;
  /** 'undecided' until the order is delivered. @example 'approved' */
  decision!: Decision;
  /** Empty until the order is delivered. @example '' */
  reasonForDecision!: string;
  /** @example false */
  pharmacyChecked!: boolean;
  @ApiProperty({
    type: PrescribedMedicineSchema,
    nullable: true,
    description: 'What the doctor prescribed: null until the order is delivered, and unless approved.',
    example: { productId: 8, name: 'Cetirizin Sandoz', strength: '10 mg', form: 'tabletti, kalvopäällysteinen', dosageInstruction: '1 tabletti kerran päivässä', packages: 1 },
  })
  prescribed!: PrescribedMedicineSchema | null;
  @ApiProperty({
    type: IntegratorEPrescriptionSchema,
    nullable: true,
    description: 'The e-prescription in the Prescription Centre: null unless approved and the order delivered (and always in the sandbox, whose orders are never recorded).',
    example: { id: 'mr-8f2c41', status: 'recorded', recordedAt: '2026-11-25T08:00:02.000Z', validUntil: '2028-11-25' },
  })
  ePrescription!: IntegratorEPrescriptionSchema | null;
}

@ApiShape('Order')
export class IntegratorOrderSchema {
  @ApiProperty({ type: 'integer', example: 42 }) orderId!: number;
  patient!: PatientSchema;
  /** @example 'waiting' */
  deliveryStatus!: OrderStatus;
  @ApiProperty({ ...TIME, nullable: true, description: 'When the doctor delivered the order.', example: null })
  deliveryTime!: string | null;
  @ApiProperty({ ...TIME, description: 'The deadline the doctor must meet.', example: '2026-11-25T20:00:00.000Z' })
  deliveryBeforeTime!: string;
  /** @example 'delivery-12-h' */
  deliveryOptionId!: DeliveryOptionId;
  @ApiProperty({ ...TIME, example: '2026-11-25T08:00:00.000Z' })
  created!: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 1 })
  officeId!: number | null;
  /** The name doctors see as the sender: the API client’s name. @example 'Kassajärjestelmä' */
  pharmacist!: string;
  prescriptions!: PrescriptionSchema[];
  @ApiProperty({ type: 'integer', description: 'The price of the order in euro cents.', example: 200 })
  priceCents!: number;
  @ApiProperty({ ...TIME, description: 'The last change (what the list is ordered by).', example: '2026-11-25T08:00:00.123Z' })
  updatedAt!: string;
}

@ApiShape('OrderPage')
export class IntegratorOrderPageSchema {
  data!: IntegratorOrderSchema[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The position after the last order of this page (also of a partial page): pass it as `cursor` for the next page, and keep the last one you got to ask later for only what changed since. Null only when the page is empty: keep the cursor you have.',
    example: 'MnwxMjM0NTZ8NDI',
  })
  nextCursor!: string | null;
  @ApiProperty({ description: 'True when more orders follow this page now; false: you have read to the end (poll again later from the last `nextCursor`).', example: false })
  hasMore!: boolean;
}

@ApiShape('WebhookEndpoint')
export class WebhookEndpointSchema {
  @ApiProperty({ type: 'integer', example: 3 }) id!: number;
  @ApiProperty({ format: 'uri', example: 'https://kassa.apteekki.example/resepti-webhook' })
  url!: string;
  @ApiProperty({ enum: INTEGRATOR_WEBHOOK_EVENTS, isArray: true, example: ['order.delivered'] })
  events!: IntegratorWebhookEventType[];
  @ApiProperty({ ...TIME, example: '2026-11-25T08:00:00.000Z' })
  created!: string;
  /** The signing secret: only in the answer that created the endpoint or rotated its secret. @example 'whsec_3f9a…' */
  secret?: string;
  @ApiProperty({
    ...TIME,
    nullable: true,
    description: 'Until when deliveries also carry a signature by the secret before the last rotation (a second `v1=`); null: only the current secret signs.',
    example: '2026-11-26T08:00:00.000Z',
  })
  previousSecretExpiresAt!: string | null;
}

@ApiShape('WebhookDelivery')
export class WebhookDeliverySchema {
  @ApiProperty({ type: 'integer', example: 12 }) id!: number;
  @ApiProperty({ pattern: '^evt_[A-Za-z0-9_-]+$', description: 'The event’s id (its `id` in the delivered body): drop repeats by it.', example: 'evt_wuzdkgtJfMPzYa3wqmwhMQ' })
  eventId!: string;
  /** @example 'order.delivered' */
  eventType!: IntegratorEventType;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed', 'cancelled'], example: 'delivered' })
  status!: 'pending' | 'delivered' | 'failed' | 'cancelled';
  @ApiProperty({ type: 'integer', example: 1 }) attempts!: number;
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

@ApiShape('EventPage')
export class EventPageSchema {
  @ApiProperty({ type: 'array', items: { $ref: '#/components/schemas/Event' }, description: 'The events, oldest first: each one’s `type` says which event schema it follows.' })
  data!: IntegratorWebhookEvent[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The position after the last event of this page (also of a partial page: the last event’s `id`): pass it as `cursor` for the next page, and keep the last one you got to ask later for only what happened since. Null only when the page is empty: keep the cursor you have.',
    example: 'evt_wuzdkgtJfMPzYa3wqmwhMQ',
  })
  nextCursor!: string | null;
  @ApiProperty({ description: 'True when more events follow this page now; false: you have read to the end (poll again later from the last `nextCursor`).', example: false })
  hasMore!: boolean;
}

const pageCursor = (what: string, example: string) =>
  ApiProperty({
    type: String,
    nullable: true,
    description: `The position after the last ${what} of this page (also of a partial page): pass it as \`cursor\` for the next page. Null only when the page is empty.`,
    example,
  });

@ApiShape('WebhookEndpointPage')
export class WebhookEndpointPageSchema {
  @ApiProperty({ type: [WebhookEndpointSchema], description: 'The endpoints (without their secrets), oldest first.' })
  data!: WebhookEndpointSchema[];
  @pageCursor('endpoint', 'dzF8Mw')
  nextCursor!: string | null;
  @ApiProperty({ description: 'True when more endpoints follow this page.', example: false })
  hasMore!: boolean;
}

@ApiShape('WebhookDeliveryPage')
export class WebhookDeliveryPageSchema {
  @ApiProperty({ type: [WebhookDeliverySchema], description: 'The deliveries, newest first.' })
  data!: WebhookDeliverySchema[];
  @pageCursor('(oldest) delivery', 'ZDF8MTI')
  nextCursor!: string | null;
  @ApiProperty({ description: 'True when older deliveries follow this page.', example: false })
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
  WebhookEndpointPageSchema,
  WebhookDeliveryPageSchema,
  EventPageSchema,
];
