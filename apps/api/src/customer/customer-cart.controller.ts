import { Body, Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CustomerCart } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { COUPON_TRY_THROTTLED_MESSAGE, couponTryKeys, LoginThrottle, requestOrigin } from '../accounts/login-throttle.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { IdParam } from '../platform/http/request-input.js';
import { CustomerCartService } from './customer-cart.service.js';
import { AddCustomerCartItemDto, ApplyCouponDto } from './dto/customer-cart.dto.js';
import { CustomerCartSchema } from './customer-schemas.js';

/** The customer's cart: every answer is the whole cart as it is now. */
@ApiTags('customer')
@Controller('my-shopping-cart')
@Roles('customer')
export class CustomerCartController {
  constructor(
    private readonly carts: CustomerCartService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Get()
  @ApiOkResponse({ type: CustomerCartSchema, description: '{items, totalPrice (cents), priceEuro, coupon}' })
  @ApiOperation({ summary: "The customer's cart" })
  cart(@CurrentUser() user: SessionUser): Promise<CustomerCart> {
    return this.carts.cart(user.id);
  }

  @Post('item')
  @HttpCode(200)
  @ApiOkResponse({ type: CustomerCartSchema, description: 'The cart with the new item' })
  @ApiBadRequestResponse({ description: 'Unknown or non-renewable medicine, a topic not offered, a chat that does not follow the questionnaire or ends in a rejection, a full cart' })
  @ApiConflictResponse({ description: 'The medicine is in the cart already, or: A payment is being taken: the cart is locked until it has finished' })
  @ApiOperation({ summary: 'Add a renewal or a new-prescription request' })
  add(@CurrentUser() user: SessionUser, @Body() body: AddCustomerCartItemDto): Promise<CustomerCart> {
    return this.carts.add(user.id, body);
  }

  @Post('apply-coupon')
  @HttpCode(200)
  @ApiOkResponse({ type: CustomerCartSchema, description: 'The cart with the code and its discount' })
  @ApiBadRequestResponse({ description: 'Kampanjakoodia ei löytynyt' })
  @ApiTooManyRequestsResponse({ description: 'More than 10 codes tried in 15 minutes (30 from one address)' })
  @ApiConflictResponse({ description: 'A payment is being taken: the cart is locked until it has finished' })
  @ApiOperation({ summary: 'Apply a campaign code' })
  async applyCoupon(@CurrentUser() user: SessionUser, @Body() body: ApplyCouponDto, @Req() req: Request): Promise<CustomerCart> {
    // Every try counts, found or not: a code is a discount, and guessing one must stay slow.
    await this.throttle.take(couponTryKeys(requestOrigin(req), user.id), COUPON_TRY_THROTTLED_MESSAGE);
    return this.carts.applyCoupon(user.id, body.code);
  }

  @Post('unapply-coupon')
  @HttpCode(200)
  @ApiOkResponse({ type: CustomerCartSchema, description: 'The cart without a code' })
  @ApiConflictResponse({ description: 'A payment is being taken: the cart is locked until it has finished' })
  @ApiOperation({ summary: 'Remove the campaign code' })
  unapplyCoupon(@CurrentUser() user: SessionUser): Promise<CustomerCart> {
    return this.carts.unapplyCoupon(user.id);
  }

  @Delete('item/:id')
  @ApiOkResponse({ type: CustomerCartSchema, description: 'The cart without the item' })
  @ApiNotFoundResponse({ description: 'No such item in this customer’s cart' })
  @ApiConflictResponse({ description: 'A payment is being taken: the cart is locked until it has finished' })
  @ApiOperation({ summary: 'Remove an item from the cart' })
  remove(@CurrentUser() user: SessionUser, @IdParam() id: number): Promise<CustomerCart> {
    return this.carts.remove(user.id, id);
  }
}
