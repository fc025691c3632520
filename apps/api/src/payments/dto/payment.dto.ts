import { IsString, MaxLength } from 'class-validator';
import { CUSTOMER_MESSAGES } from '@resepti/domain';

/** POST /embedded-checkout/{sessionId}/pay: the card as the checkout form sends it (checked by chargeTestCard). */
export class EmbeddedCheckoutPayDto {
  /** @example '4242 4242 4242 4242' */
  @IsString({ message: CUSTOMER_MESSAGES.cardNumberInvalid })
  @MaxLength(40, { message: CUSTOMER_MESSAGES.cardNumberInvalid })
  cardNumber!: string;
  /** MM/YY @example '12/30' */
  @IsString({ message: CUSTOMER_MESSAGES.cardExpiryInvalid })
  @MaxLength(10, { message: CUSTOMER_MESSAGES.cardExpiryInvalid })
  expiry!: string;
  /** @example '123' */
  @IsString({ message: CUSTOMER_MESSAGES.cardCvcInvalid })
  @MaxLength(8, { message: CUSTOMER_MESSAGES.cardCvcInvalid })
  cvc!: string;
}

/** POST /my-shopping-cart/pay: a card token (embedded mode: tok_visa pays, tok_chargeDeclined is declined). */
export class CustomerPayDto {
  /** @example 'tok_visa' */
  @IsString({ message: CUSTOMER_MESSAGES.paymentTokenInvalid })
  @MaxLength(200, { message: CUSTOMER_MESSAGES.paymentTokenInvalid })
  token!: string;
}
