import { Global, Module } from '@nestjs/common';
import { CouponsService } from './coupons.service.js';
import { OrderLifecycleService } from './order-lifecycle.service.js';
import { OrderQueueService } from './order-queue.service.js';

/** The one order lifecycle (every change of an order) and the doctors' queue reads. */
@Global()
@Module({
  providers: [OrderLifecycleService, OrderQueueService, CouponsService],
  exports: [OrderLifecycleService, OrderQueueService, CouponsService],
})
export class OrdersModule {}
