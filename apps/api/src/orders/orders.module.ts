import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { CouponsService } from './coupons.service.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';
import { OrderQueueCount } from './order-queue-count.entity.js';
import { OrderQueueService } from './order-queue.service.js';
import { OrderViews } from './order-views.service.js';
import { Order } from './order.entity.js';
import { Coupon } from './coupon.entity.js';
import { OrderItem } from './order-item.entity.js';

/** The one order lifecycle (every change of an order) and the doctors' queue reads. */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem, OrderQueueCount, Coupon]), AuditModule],
  providers: [OrderLifecycleService, OrderQueueService, OrderViews, CouponsService],
  exports: [OrderLifecycleService, OrderQueueService, OrderViews, CouponsService],
})
export class OrdersModule {}
