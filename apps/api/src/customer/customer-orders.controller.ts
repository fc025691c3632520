import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import type { CustomerOrder } from '@resepti/domain';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import type { SessionUser } from '../auth/session-user.js';
import { loadCustomerOrders } from '../orders/order-view.js';

/** The customer's own orders: waiting for a doctor, and handled (decisions shown once delivered). */
@ApiTags('customer')
@Controller()
@Roles('customer')
export class CustomerOrdersController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get('my-outstanding-orders')
  @ApiOkResponse({ description: "The customer's waiting and processing orders, newest first; decisions hidden" })
  outstanding(@CurrentUser() user: SessionUser): Promise<CustomerOrder[]> {
    return loadCustomerOrders(this.db.manager, user.id, ['waiting', 'processing']);
  }

  @Get('my-order-history')
  @ApiOkResponse({ description: "The customer's delivered orders, newest delivery first, with decisions, renewableTill and coupons (last 100)" })
  history(@CurrentUser() user: SessionUser): Promise<CustomerOrder[]> {
    return loadCustomerOrders(this.db.manager, user.id, ['delivered']);
  }
}
