import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { CustomerOrder, OrderStatus } from '@resepti/domain';
import { loadCustomerOrders } from './order-view.js';
import { Order } from './order.entity.js';

/** Orders as other modules show them (reads only; every change goes through the lifecycle). */
@Injectable()
export class OrderViews {
  constructor(@InjectRepository(Order) private readonly orders: Repository<Order>) {}

  /** A customer's own orders in these states, as the customer sees them (decisions only once delivered). */
  customerOrders(customerId: number, statuses: OrderStatus[]): Promise<CustomerOrder[]> {
    return loadCustomerOrders(this.orders.manager, customerId, statuses);
  }
}
