import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CustomerOrder } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { OrderReads } from '../orders/order-reads.service.js';
import { CustomerOrderSchema } from './customer-schemas.js';

/** The customer's own orders: waiting for a doctor, and handled (decisions shown once delivered). */
@ApiTags('customer')
@Controller()
@Roles('customer')
export class CustomerOrdersController {
  constructor(private readonly orders: OrderReads) {}

  @Get('my-outstanding-orders')
  @ApiOkResponse({ type: [CustomerOrderSchema], description: "The customer's waiting and processing orders, newest first; decisions hidden" })
  @ApiOperation({ summary: "The customer's waiting and processing orders" })
  outstanding(@CurrentUser() user: SessionUser): Promise<CustomerOrder[]> {
    return this.orders.customerOrders(user.id, ['waiting', 'processing']);
  }

  @Get('my-order-history')
  @ApiOkResponse({ type: [CustomerOrderSchema], description: "The customer's delivered orders, newest delivery first, with decisions, renewableTill and coupons (last 100)" })
  @ApiOperation({ summary: "The customer's delivered orders" })
  history(@CurrentUser() user: SessionUser): Promise<CustomerOrder[]> {
    return this.orders.customerOrders(user.id, ['delivered']);
  }
}
