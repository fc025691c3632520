import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { DELIVERY_OPTION_IDS, PHARMACY_MESSAGES, PHARMACY_REASON_MAX_LENGTH, type DeliveryOptionId } from '@resepti/domain';
import { Trim } from './trim.js';

/** POST /pharmacy-shopping-cart/delivery-option */
export class DeliveryOptionDto {
  @ApiProperty({ enum: DELIVERY_OPTION_IDS })
  @IsIn(DELIVERY_OPTION_IDS as DeliveryOptionId[], { message: PHARMACY_MESSAGES.deliveryOptionInvalid })
  id!: DeliveryOptionId;
}

/** POST /pharmacy-shopping-cart/item */
export class AddCartItemDto {
  @ApiProperty({ enum: ['renewal'] })
  @IsIn(['renewal'], { message: PHARMACY_MESSAGES.itemTypeInvalid })
  type!: 'renewal';

  @ApiProperty({ description: 'A product of GET /products' })
  @IsInt({ message: PHARMACY_MESSAGES.productNotFound })
  productId!: number;

  @ApiPropertyOptional({ description: 'Optional additional information for the doctor' })
  @IsOptional()
  @Trim()
  @IsString({ message: PHARMACY_MESSAGES.reasonTooLong })
  @MaxLength(PHARMACY_REASON_MAX_LENGTH, { message: PHARMACY_MESSAGES.reasonTooLong })
  reason?: string;

  @ApiPropertyOptional({ description: 'Accepted but ignored: the server fills the pharmacy data from the session' })
  @IsOptional()
  @IsObject()
  pharmacyData?: Record<string, unknown>;
}
