import { Global, Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { CouponsService } from './coupons.service.js';
import { OrderEvents } from './order-events.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';
import { OrderQueueService } from './order-queue.service.js';

/** The one order lifecycle (every change of an order) and the doctors' queue reads. */
@Global()
@Module({
  imports: [NotificationsModule],
  providers: [OrderLifecycleService, OrderQueueService, OrderEvents, CouponsService],
  exports: [OrderLifecycleService, OrderQueueService, OrderEvents, CouponsService],
})
export class OrdersModule {}
