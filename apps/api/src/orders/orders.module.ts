import { Global, Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { CouponsService } from './coupons.service.js';
import { OrderDecisionsService } from './order-decisions.service.js';
import { OrderQueueService } from './order-queue.service.js';
import { OrdersService } from './orders.service.js';

@Global()
@Module({
  imports: [NotificationsModule],
  providers: [OrdersService, OrderQueueService, OrderDecisionsService, CouponsService],
  exports: [OrdersService, OrderQueueService, OrderDecisionsService, CouponsService],
})
export class OrdersModule {}
