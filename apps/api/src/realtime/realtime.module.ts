import { Global, Module } from '@nestjs/common';
import { OutageSessionCheck } from './outage-session-check.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { PushNumbering } from './push-numbering.js';
import { RealtimeOrderListener } from './realtime-order.listener.js';
import { RealtimePublisher } from './realtime.publisher.js';
import { RedisConnection } from './redis-connection.js';

@Global()
@Module({
  providers: [RealtimeGateway, RealtimePublisher, RealtimeOrderListener, RedisConnection, PushNumbering, OutageSessionCheck],
  exports: [RealtimePublisher, RedisConnection],
})
export class RealtimeModule {}
