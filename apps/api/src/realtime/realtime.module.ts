import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeOrderListener } from './realtime-order.listener.js';
import { RealtimePublisher } from './realtime.publisher.js';

@Global()
@Module({
  providers: [RealtimeGateway, RealtimePublisher, RealtimeOrderListener],
  exports: [RealtimePublisher],
})
export class RealtimeModule {}
