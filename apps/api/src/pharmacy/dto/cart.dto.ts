import { IsIn, IsInt, IsObject, IsString, MaxLength } from 'class-validator';
import { ApiShape } from '../../platform/http/api-shape.js';
import { Optional } from '../../platform/http/optional.js';
import { DELIVERY_OPTION_IDS, MESSAGES, PHARMACY_MESSAGES, PHARMACY_REASON_MAX_LENGTH, type DeliveryOptionId } from '@resepti/domain';
import { Trim } from './trim.js';

/** The hetu of the patient the client's screen shows; the cart answers 409 when its patient is another one. */
abstract class ForPatientDto {
  /** The hetu the client shows as the patient: 409 'Potilas on vaihtunut…' when the cart's patient is another one */
  @Optional()
  @IsString({ message: MESSAGES.hetuInvalid })
  @MaxLength(20, { message: MESSAGES.hetuInvalid })
  patientHetu?: string;
}

/** POST /pharmacy-shopping-cart/send: the body is optional. */
export class SendCartDto extends ForPatientDto {}

/** POST /pharmacy-shopping-cart/delivery-option */
@ApiShape()
export class DeliveryOptionDto extends ForPatientDto {
  @IsIn(DELIVERY_OPTION_IDS as DeliveryOptionId[], { message: PHARMACY_MESSAGES.deliveryOptionInvalid })
  id!: DeliveryOptionId;
}

/** POST /pharmacy-shopping-cart/item */
@ApiShape()
export class AddCartItemDto extends ForPatientDto {
  @IsIn(['renewal'], { message: PHARMACY_MESSAGES.itemTypeInvalid })
  type!: 'renewal';
  /** A product of GET /products */
  @IsInt({ message: PHARMACY_MESSAGES.productNotFound })
  productId!: number;
  /** Optional additional information for the doctor */
  @Optional()
  @Trim()
  @IsString({ message: PHARMACY_MESSAGES.reasonTooLong })
  @MaxLength(PHARMACY_REASON_MAX_LENGTH, { message: PHARMACY_MESSAGES.reasonTooLong })
  reason?: string;
  /** Accepted but ignored: the server fills the pharmacy data from the session */
  @Optional()
  @IsObject({ message: 'pharmacyData: olio' })
  pharmacyData?: Record<string, unknown>;
}
