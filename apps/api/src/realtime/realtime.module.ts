import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { PushNumbering } from './push-numbering.js';
import { RealtimePublisher } from './realtime.publisher.js';
import { RedisConnection } from './redis-connection.js';

@Global()
@Module({
  providers: [RealtimeGateway, RealtimePublisher, RedisConnection, PushNumbering],
  exports: [RealtimePublisher, RedisConnection],
})
export class RealtimeModule {}
