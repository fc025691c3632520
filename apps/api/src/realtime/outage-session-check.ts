import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RealtimeGateway, type SocketData } from './realtime.gateway.js';
import { RedisConnection } from '../platform/redis/redis-connection.js';

/** How often, while Redis is away, this process re-reads the sessions of all its sockets. */
const WHILE_DOWN_MS = 5000;

/**
 * "Close this session's sockets" reaches other processes through Redis. While Redis is away
 * (and once when it is back, for what was lost meanwhile) this process instead re-reads the
 * sessions of all its sockets: marking them due makes the gateway's sweep check them against
 * the store, which closes those whose session has ended (logout, deleted user, password reset).
 */
@Injectable()
export class OutageSessionCheck implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private wasDown = false;

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly redis: RedisConnection,
  ) {}

  onApplicationBootstrap(): void {
    const client = this.redis.client;
    if (!client) return;
    client.on('ready', () => {
      if (this.wasDown) this.recheckAll();
      this.wasDown = false;
    });
    client.on('close', () => (this.wasDown = true));
    this.timer = setInterval(() => {
      if (!this.redis.ready()) this.recheckAll();
    }, WHILE_DOWN_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private recheckAll(): void {
    const sockets = this.gateway.server?.of('/').sockets;
    if (!sockets) return;
    for (const socket of sockets.values()) {
      const data = socket.data as Partial<SocketData>;
      if (data.sessionId) data.expiresAt = 0;
    }
  }
}
