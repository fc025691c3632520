import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { CouponsService } from './coupons.service.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';
import { OrderQueueCount } from './order-queue-count.entity.js';
import { OrderQueueService } from './order-queue.service.js';
import { OrderReads } from './order-reads.service.js';
import { Order } from './order.entity.js';
import { Coupon } from './coupon.entity.js';
import { OrderItem } from './order-item.entity.js';

/** The one order lifecycle (every change of an order), the doctors' queue reads, and the one door for reading orders (OrderReads). */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem, OrderQueueCount, Coupon]), TransactionsModule, AuditModule],
  providers: [...ownRepositories([Order, OrderItem, OrderQueueCount, Coupon]), OrderLifecycleService, OrderQueueService, OrderReads, CouponsService],
  exports: [OrderLifecycleService, OrderQueueService, OrderReads, CouponsService],
})
export class OrdersModule {}
