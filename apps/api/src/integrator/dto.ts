import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiShape } from '../platform/http/api-shape.js';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Optional } from '../platform/http/optional.js';
import { DELIVERY_OPTION_IDS, INTEGRATOR_MESSAGES as M, INTEGRATOR_WEBHOOK_EVENTS, MESSAGES, PHARMACY_MESSAGES, VALIDATION_MESSAGES, WEBHOOK_SECRET_OVERLAP_HOURS, type DeliveryOptionId, type IntegratorWebhookEventType, type OrderStatus, ORDER_STATUSES } from '@resepti/domain';

/** The largest id a PostgreSQL integer column holds: beyond it no record can exist (400, not a database error). */
const MAX_ID = 2_147_483_647;

@ApiShape('OrderPatient')
export class IntegratorPatientDto {
  @ApiProperty({ maxLength: 20, example: '121212-913Y' })
  @MaxLength(20, { message: MESSAGES.hetuInvalid })
  @IsString({ message: MESSAGES.hetuInvalid })
  hetu!: string;
  @ApiProperty({ maxLength: 100, example: 'Matti' })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  @IsString({ message: VALIDATION_MESSAGES.firstNameRequired })
  firstName!: string;
  @ApiProperty({ maxLength: 100, example: 'Meikäläinen' })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  @IsString({ message: VALIDATION_MESSAGES.lastNameRequired })
  lastName!: string;
}

@ApiShape('OrderItemRequest')
export class IntegratorOrderItemDto {
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  @Min(1, { message: PHARMACY_MESSAGES.productNotFound })
  @Max(MAX_ID, { message: PHARMACY_MESSAGES.productNotFound })
  // Checked first (class-validator runs the decorators bottom-up and stops at the first failure).
  @IsInt({ message: M.integerRequired })
  productId!: number;
  @ApiPropertyOptional({ maxLength: 1000, example: 'Verenpainelääke loppumassa' })
  @Optional()
  @MaxLength(1000, { message: PHARMACY_MESSAGES.reasonTooLong })
  // Checked first (bottom-up): null is a type error, not a too long text.
  @IsString({ message: M.stringRequired })
  reason?: string;
}

@ApiShape('CreateOrderRequest')
export class CreateIntegratorOrderDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'One of GET /api/v1/offices.', example: 1 })
  @Min(1, { message: M.officeNotAllowed })
  @Max(MAX_ID, { message: M.officeNotAllowed })
  // Checked first: `"1"` is a type error, not an unknown office.
  @IsInt({ message: M.integerRequired })
  officeId!: number;
  @ValidateNested()
  @Type(() => IntegratorPatientDto)
  // Checked first: without it a missing patient passed validation and failed later as a 500.
  @IsObject({ message: PHARMACY_MESSAGES.patientMissing })
  patient!: IntegratorPatientDto;
  @ApiProperty({ type: [IntegratorOrderItemDto], minItems: 1, maxItems: 10 })
  @IsArray({ message: M.itemsRequired })
  @ArrayMinSize(1, { message: M.itemsRequired })
  @ArrayMaxSize(10, { message: M.itemsRequired })
  @ValidateNested({ each: true })
  @Type(() => IntegratorOrderItemDto)
  items!: IntegratorOrderItemDto[];
  /** @example 'delivery-12-h' */
  @IsIn(DELIVERY_OPTION_IDS, { message: PHARMACY_MESSAGES.deliveryOptionMissing })
  deliveryOption!: DeliveryOptionId;
}

@ApiShape('CreateWebhookEndpointRequest')
export class CreateWebhookEndpointDto {
  @ApiProperty({ format: 'uri', maxLength: 2000, example: 'https://kassa.apteekki.example/resepti-webhook' })
  @MaxLength(2000, { message: M.webhookUrlInvalid })
  @IsString({ message: M.webhookUrlInvalid })
  url!: string;
  @ApiProperty({ enum: INTEGRATOR_WEBHOOK_EVENTS, isArray: true, example: ['order.delivered'] })
  @IsArray({ message: M.webhookEventsInvalid })
  @ArrayMinSize(1, { message: M.webhookEventsInvalid })
  @ArrayMaxSize(INTEGRATOR_WEBHOOK_EVENTS.length, { message: M.webhookEventsInvalid })
  @IsIn(INTEGRATOR_WEBHOOK_EVENTS, { each: true, message: M.webhookEventsInvalid })
  events!: IntegratorWebhookEventType[];
}

@ApiShape('RotateWebhookSecretRequest')
export class RotateWebhookSecretDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: WEBHOOK_SECRET_OVERLAP_HOURS.max,
    default: WEBHOOK_SECRET_OVERLAP_HOURS.default,
    description: 'How long the old secret still signs deliveries beside the new one, in hours; 0 ends it at once.',
    example: 24,
  })
  @Optional()
  @IsInt({ message: M.overlapHoursInvalid })
  @Min(0, { message: M.overlapHoursInvalid })
  @Max(WEBHOOK_SECRET_OVERLAP_HOURS.max, { message: M.overlapHoursInvalid })
  overlapHours?: number;
}

/** A query integer: digits only (`limit=abc`, `limit=1.5`, `limit=` are 400, never ignored). */
const queryInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

/** `limit` of a list: an integer 1–max, 50 when left out; anything else is 400 limit_invalid. */
const QueryLimit = (max: number) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: max, default: 50 }),
    Optional(),
    Transform(queryInteger),
    IsInt({ message: M.limitInvalid }),
    Min(1, { message: M.limitInvalid }),
    Max(max, { message: M.limitInvalid }),
  );

/** `cursor` of a list: `nextCursor` of the previous page, opaque, at most 200 characters; anything else is 400 cursor_invalid. */
const QueryCursor = (description: string, example?: string) =>
  applyDecorators(
    ApiPropertyOptional({ description, ...(example ? { example } : {}) }),
    Optional(),
    MaxLength(200, { message: M.cursorInvalid }),
    IsString({ message: M.cursorInvalid }),
  );

/** GET /api/v1/products */
@ApiShape()
export class ListProductsQuery {
  /** The start of the name (with strength) or of the active ingredient, case- and accent-insensitive. @example 'Kest' */
  @Optional()
  @MaxLength(200, { message: M.stringRequired })
  @IsString({ message: M.stringRequired })
  q?: string;
  @QueryLimit(200)
  limit?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0, deprecated: true, description: 'Deprecated (answered with `Deprecation` and `Sunset`): page by `cursor`.' })
  @Optional()
  @Transform(queryInteger)
  @IsInt({ message: M.offsetInvalid })
  @Min(0, { message: M.offsetInvalid })
  offset?: number;
  @QueryCursor('`nextCursor` of the previous page (opaque).', 'cDF8NTA')
  cursor?: string;
}

/** GET /api/v1/events */
@ApiShape()
export class ListEventsQuery {
  @ApiPropertyOptional({
    description:
      '`nextCursor` of the previous page: the page starts after it. Without it: from the oldest of the last 30 days. The list goes by commit: a cursor never passes an event that commits later.',
    example: 'evt_wuzdkgtJfMPzYa3wqmwhMQ',
  })
  @Optional()
  @MaxLength(100, { message: M.eventAfterInvalid })
  @IsString({ message: M.eventAfterInvalid })
  cursor?: string;
  @ApiPropertyOptional({
    deprecated: true,
    description: 'Deprecated (answered with `Deprecation` and `Sunset`): the `id` of the last event you have, the same as `cursor`.',
    example: 'evt_wuzdkgtJfMPzYa3wqmwhMQ',
  })
  @Optional()
  @MaxLength(100, { message: M.eventAfterInvalid })
  @IsString({ message: M.eventAfterInvalid })
  after?: string;
  @QueryLimit(100)
  limit?: number;
}

/** GET /api/v1/orders */
@ApiShape()
export class ListOrdersQuery {
  @Optional()
  @IsIn(ORDER_STATUSES, { message: M.statusInvalid })
  status?: OrderStatus;
  /** ISO 8601 time: only orders changed at or after it. @example '2026-11-24T08:00:00Z' */
  @Optional()
  @IsString({ message: M.updatedSinceInvalid })
  updatedSince?: string;
  @QueryCursor(
    '`nextCursor` of the previous page (opaque). The list goes by commit: a cursor never passes a change that commits later. A cursor of API version 1.2 or earlier still works, answered with `Deprecation` and `Sunset` headers.',
  )
  cursor?: string;
  @QueryLimit(100)
  limit?: number;
}

/** GET /api/v1/webhook-endpoints and …/{id}/deliveries: paged with `Resepti-Version: 2026-12-01` (the bare arrays of the older version take no parameters). */
@ApiShape()
export class ListWebhooksQuery {
  @QueryCursor('`nextCursor` of the previous page (opaque). Only with `Resepti-Version: 2026-12-01` or later.', 'ZDF8MTI')
  cursor?: string;
  @QueryLimit(100)
  limit?: number;
}
