import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import {
  DELIVERY_OPTION_IDS,
  INTEGRATOR_MESSAGES as M,
  INTEGRATOR_WEBHOOK_EVENTS,
  MESSAGES,
  PHARMACY_MESSAGES,
  VALIDATION_MESSAGES,
  type CreateIntegratorOrderRequest,
  type CreateWebhookEndpointRequest,
  type DeliveryOptionId,
  type IntegratorWebhookEventType,
} from '@resepti/domain';

/** The largest id a PostgreSQL integer column holds: beyond it no record can exist (400, not a database error). */
const MAX_ID = 2_147_483_647;

export class IntegratorPatientDto {
  @ApiProperty({ example: '121212-913Y' })
  @IsString({ message: MESSAGES.hetuInvalid })
  @MaxLength(20, { message: MESSAGES.hetuInvalid })
  hetu!: string;

  @ApiProperty({ example: 'Matti' })
  @IsString({ message: VALIDATION_MESSAGES.firstNameRequired })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  firstName!: string;

  @ApiProperty({ example: 'Meikäläinen' })
  @IsString({ message: VALIDATION_MESSAGES.lastNameRequired })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  lastName!: string;
}

export class IntegratorOrderItemDto {
  @ApiProperty({ example: 1 })
  @IsInt({ message: PHARMACY_MESSAGES.productNotFound })
  @Min(1, { message: PHARMACY_MESSAGES.productNotFound })
  @Max(MAX_ID, { message: PHARMACY_MESSAGES.productNotFound })
  productId!: number;

  @ApiPropertyOptional({ example: 'Verenpainelääke loppumassa' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  reason?: string;
}

export class CreateIntegratorOrderDto implements CreateIntegratorOrderRequest {
  @ApiProperty({ example: 1 })
  @IsInt({ message: M.officeNotAllowed })
  @Min(1, { message: M.officeNotAllowed })
  @Max(MAX_ID, { message: M.officeNotAllowed })
  officeId!: number;

  @ApiProperty({ type: IntegratorPatientDto })
  @ValidateNested()
  @Type(() => IntegratorPatientDto)
  patient!: IntegratorPatientDto;

  @ApiProperty({ type: [IntegratorOrderItemDto] })
  @IsArray({ message: M.itemsRequired })
  @ArrayMinSize(1, { message: M.itemsRequired })
  @ArrayMaxSize(10, { message: M.itemsRequired })
  @ValidateNested({ each: true })
  @Type(() => IntegratorOrderItemDto)
  items!: IntegratorOrderItemDto[];

  @ApiProperty({ enum: DELIVERY_OPTION_IDS, example: 'delivery-12-h' })
  @IsIn(DELIVERY_OPTION_IDS, { message: PHARMACY_MESSAGES.deliveryOptionMissing })
  deliveryOption!: DeliveryOptionId;
}

export class CreateWebhookEndpointDto implements CreateWebhookEndpointRequest {
  @ApiProperty({ example: 'https://kassa.apteekki.example/resepti-webhook' })
  @IsString({ message: M.webhookUrlInvalid })
  @MaxLength(2000, { message: M.webhookUrlInvalid })
  url!: string;

  @ApiProperty({ enum: INTEGRATOR_WEBHOOK_EVENTS, isArray: true, example: ['order.delivered'] })
  @IsArray({ message: M.webhookEventsInvalid })
  @ArrayMinSize(1, { message: M.webhookEventsInvalid })
  @ArrayMaxSize(INTEGRATOR_WEBHOOK_EVENTS.length, { message: M.webhookEventsInvalid })
  @IsIn(INTEGRATOR_WEBHOOK_EVENTS, { each: true, message: M.webhookEventsInvalid })
  events!: IntegratorWebhookEventType[];
}
