import { Module } from '@nestjs/common';
import { AuthModule } from '../accounts/auth.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { OutageSessionCheck } from './outage-session-check.js';
import { PushNumbering } from './push-numbering.js';
import { RealtimeOrderListener } from './realtime-order.listener.js';
import { RealtimePushesListener } from './realtime-pushes.listener.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimePublisher } from './realtime.publisher.js';
import { RedisModule } from '../platform/redis/redis.module.js';

/**
 * Live pushes: the Socket.IO gateway, and the listeners that turn committed domain events into
 * pushes (only they call the publisher). Other modules emit events; none imports this one.
 */
@Module({
  imports: [AuthModule, OrdersModule, RedisModule],
  providers: [RealtimeGateway, RealtimePublisher, RealtimeOrderListener, RealtimePushesListener, PushNumbering, OutageSessionCheck],
  exports: [RedisModule],
})
export class RealtimeModule {}
