import { ApiPropertyOptional } from '@nestjs/swagger';
import { ApiShape } from '../../platform/http/api-shape.js';
import { IsIn, IsInt, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../platform/http/optional.js';
import { CUSTOMER_CHAT_LIMITS, CUSTOMER_MESSAGES } from '@resepti/domain';

/**
 * POST /my-shopping-cart/item: {type: renewal, productId, reason} or {type: prescription,
 * medicalProblem, chat}. The chat (a list, or JSON text of one) is checked by the service.
 */
@ApiShape()
export class AddCustomerCartItemDto {
  @IsIn(['renewal', 'prescription'], { message: CUSTOMER_MESSAGES.itemTypeInvalid })
  type!: 'renewal' | 'prescription';
  /** renewal: the medicine */
  @Optional()
  @IsInt({ message: CUSTOMER_MESSAGES.medicineNotFound })
  productId?: number;
  /** renewal: why the medicine is needed */
  @Optional()
  @IsString({ message: 'reason: tekstiä' })
  @MaxLength(CUSTOMER_CHAT_LIMITS.maxReasonLength, { message: `Perustelu saa olla enintään ${CUSTOMER_CHAT_LIMITS.maxReasonLength} merkkiä.` })
  reason?: string;
  /** prescription: the topic (erection_disorder, allergy, urethritis) */
  @Optional()
  @IsString({ message: CUSTOMER_MESSAGES.topicNotOffered })
  medicalProblem?: string;
  @ApiPropertyOptional({
    description: 'prescription: [{text, type: question|answer, step}] or the same as JSON text; entries with step numbers are replayed against the questionnaire',
  })
  @Optional()
  chat?: unknown;
}

/** POST /my-shopping-cart/apply-coupon */
export class ApplyCouponDto {
  /** @example 'KEVÄT20' */
  @IsString({ message: CUSTOMER_MESSAGES.couponNotFound })
  @MaxLength(50, { message: CUSTOMER_MESSAGES.couponNotFound })
  code!: string;
}
