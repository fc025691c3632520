import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiExcludeEndpoint, ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPaymentRequiredResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CustomerPaid, EmbeddedCheckoutPaid, EmbeddedCheckoutSession, PaymentSessionResponse, PaymentStatus } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Public, Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { CustomerPayDto, EmbeddedCheckoutPayDto } from './dto/payment.dto.js';
import { PaymentSettlement } from './payment-settlement.js';
import { PaymentsService } from './payments.service.js';
import { CustomerPaidSchema, EmbeddedCheckoutPaidSchema, EmbeddedCheckoutSchema, PaymentSessionSchema, PaymentStatusSchema } from '../customer/customer-schemas.js';

/** Card payment of the customer's cart: checkout sessions, the embedded test checkout, Stripe's webhook. */
@ApiTags('customer')
@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly settlement: PaymentSettlement,
  ) {}

  @Post('start-payment-session')
  @Roles('customer')
  @ApiCreatedResponse({ type: PaymentSessionSchema, description: '{sessionId, url}: Stripe Checkout, or the embedded checkout page /kassa/{sessionId}' })
  @ApiBadRequestResponse({ description: 'Ostoskori on tyhjä.' })
  @ApiConflictResponse({ description: "A payment of the cart is being taken ('Maksusi käsitellään', Retry-After: when its outcome is known)." })
  @ApiOperation({ summary: 'Start a checkout of the cart' })
  start(@CurrentUser() user: SessionUser): Promise<PaymentSessionResponse> {
    // Stripe's return pages come from PUBLIC_URL, never from the request's Host header.
    return this.payments.start(user.id);
  }

  @Post('my-shopping-cart/pay')
  @Roles('customer')
  @ApiCreatedResponse({ type: CustomerPaidSchema, description: '{sessionId, orderId}: paid, the cart is now a waiting order' })
  @ApiPaymentRequiredResponse({ description: 'The card was declined (tok_chargeDeclined); nothing changed' })
  @ApiBadRequestResponse({ description: 'Empty cart or an unknown token' })
  @ApiConflictResponse({ description: "A payment of the cart is being taken ('Maksusi käsitellään', Retry-After: when its outcome is known), or was taken (the order exists); or the code ran out meanwhile." })
  @ApiOperation({ summary: 'Pay the cart with a test token' })
  pay(@CurrentUser() user: SessionUser, @Body() body: CustomerPayDto): Promise<CustomerPaid> {
    return this.payments.payWithToken(user.id, body.token);
  }

  @Get('embedded-checkout/:sessionId')
  @Roles('customer')
  @ApiOkResponse({ type: EmbeddedCheckoutSchema, description: 'The embedded checkout: amount, items, status (open, complete, expired)' })
  @ApiNotFoundResponse({ description: 'Not this customer’s checkout (or Stripe is in use)' })
  @ApiOperation({ summary: 'The embedded checkout' })
  embedded(@CurrentUser() user: SessionUser, @Param('sessionId') sessionId: string): Promise<EmbeddedCheckoutSession> {
    return this.payments.embeddedSession(user.id, sessionId);
  }

  @Get('payment-sessions/:sessionId')
  @Roles('customer')
  @ApiOkResponse({ type: PaymentStatusSchema, description: '{sessionId, status (open, paying, complete, expired, refunded), priceEuro, orderId}' })
  @ApiNotFoundResponse({ description: 'Not this customer’s checkout' })
  @ApiOperation({ summary: "Where the customer's checkout stands" })
  status(@CurrentUser() user: SessionUser, @Param('sessionId') sessionId: string): Promise<PaymentStatus> {
    return this.payments.status(user.id, sessionId);
  }

  @Post('embedded-checkout/:sessionId/pay')
  @HttpCode(200)
  @Roles('customer')
  @ApiOkResponse({ type: EmbeddedCheckoutPaidSchema, description: 'Paid: {status: complete, orderId, successUrl}' })
  @ApiBadRequestResponse({ description: 'Not a card number, expiry or CVC' })
  @ApiPaymentRequiredResponse({ description: 'Declined (4000 0000 0000 0002, an expired or a non-test card)' })
  @ApiGoneResponse({ description: 'The checkout expired (30 min), or ended when the cart changed' })
  @ApiConflictResponse({ description: 'A payment is being taken in another tab, or this checkout was paid already; or the payment was refunded because the cart or code changed meanwhile.' })
  @ApiOperation({ summary: 'Pay in the embedded checkout' })
  payEmbedded(@CurrentUser() user: SessionUser, @Param('sessionId') sessionId: string, @Body() body: EmbeddedCheckoutPayDto): Promise<EmbeddedCheckoutPaid> {
    return this.payments.payEmbedded(user.id, sessionId, body);
  }

  /** Stripe's (or the embedded checkout's) events; the body is kept raw for the signature (main.ts). */
  @Post('payments/webhook')
  @HttpCode(200)
  @Public()
  @ApiExcludeEndpoint()
  async webhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    if (!Buffer.isBuffer(req.body)) throw new BadRequestException('Maksutapahtuman allekirjoitus ei täsmää.');
    await this.settlement.handleEvent(req.body, signature);
    return { received: true };
  }
}
