import { Module } from '@nestjs/common';
import { RedisConnection } from './redis-connection.js';

/** The API's one Redis connection (optional), for the pushes and for limits shared by all processes. */
@Module({
  providers: [RedisConnection],
  exports: [RedisConnection],
})
export class RedisModule {}
