import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import { CUSTOMER_MESSAGES, type EmbeddedCheckoutPayRequest } from '@resepti/domain';

/**
 * The embedded test checkout's card rules: Stripe's published test cards behave as they do in
 * Stripe's test mode (4242… pays, 4000 0000 0000 0002 and friends are declined), any other card
 * is declined as a non-test card would be. Input that is not a card at all is a 400.
 */
const PAYING_CARDS = new Set(['4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '5200828282828210']);
const DECLINED_CARDS = new Set(['4000000000000002', '4000000000009995', '4000000000009987', '4000000000000069', '4000000000000127']);

/** Integrator tokens of Stripe's test mode accepted by POST /my-shopping-cart/pay in embedded mode. */
export const PAYING_TOKENS = new Set(['tok_visa', 'tok_visa_debit', 'tok_mastercard']);
export const DECLINED_TOKENS = new Set(['tok_chargeDeclined', 'tok_chargeDeclinedInsufficientFunds', 'tok_chargeDeclinedExpiredCard']);

export const paymentDeclined = (message: string = CUSTOMER_MESSAGES.paymentDeclined) => new HttpException(message, HttpStatus.PAYMENT_REQUIRED);

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a card as the checkout form sends it; returns only when the card pays (400 or 402 otherwise). */
export function chargeTestCard(card: EmbeddedCheckoutPayRequest, now: Date = new Date()): void {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) throw new BadRequestException(CUSTOMER_MESSAGES.cardNumberInvalid);
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) throw new BadRequestException(CUSTOMER_MESSAGES.cardExpiryInvalid);
  if (!/^\d{3,4}$/.test(card.cvc.trim())) throw new BadRequestException(CUSTOMER_MESSAGES.cardCvcInvalid);
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is valid to the end of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) throw paymentDeclined(CUSTOMER_MESSAGES.cardExpired);
  if (DECLINED_CARDS.has(number)) throw paymentDeclined();
  if (!PAYING_CARDS.has(number)) throw paymentDeclined(CUSTOMER_MESSAGES.testCardsOnly);
}
