import { IoAdapter } from '@nestjs/platform-socket.io';
import type { INestApplicationContext } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { isAllowedOrigin } from '../common/same-origin.js';
import { withTimeout } from './redis-connection.js';

/**
 * How long a client that lost its connection gets back, on reconnecting, the pushes it
 * missed (and its rooms). Longer gaps end in a refetch on the web. docs/decisions.md.
 */
export const RECOVERY_WINDOW_MS = 2 * 60_000;

/** A Redis call on the push path that takes longer than this is given up (the push still reaches this process's sockets). */
const REDIS_CALL_TIMEOUT_MS = 1000;

/**
 * Socket.IO with connection state recovery. With Redis, broadcasts and room operations
 * (join/leave, disconnectSockets) go through a Redis stream that every process reads, and
 * a reconnecting client is replayed what it missed from that stream, whichever process it
 * lands on. Without Redis (unset or down) the process serves its own sockets alone.
 */
export class RealtimeIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly redis: Redis | null,
    private readonly allowedOrigins: readonly string[],
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      // A recovered connection skips the middlewares (authenticate: database reads) and
      // connects at once: pushes broadcast while it waited would not reach it. It keeps the
      // user and rooms it had; the gateway's sweep re-reads its session right away.
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: true },
      // Cross-site WebSocket hijacking: a page on another site could open a socket with the
      // user's cookie. Browsers always send Origin then; a request without one is no browser's
      // cross-site request (same-origin polling GETs may omit it), and still needs the session.
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        callback(null, origin === undefined || isAllowedOrigin(origin, req.headers.host, this.allowedOrigins));
      },
    } as ServerOptions) as Server;
    if (this.redis) server.adapter(faultTolerant(this.redis));
    return server;
  }
}

type AdapterFactory = ReturnType<typeof createAdapter>;
type StreamsAdapter = ReturnType<AdapterFactory>;

/**
 * The streams adapter, made to keep going while Redis is away. Its clients wait for a
 * reconnect (REDIS_OPTIONS), which is right for its background reading but not on the push
 * path, so there: when Redis is not ready, publishing fails at once (socket.io-adapter's
 * ClusterAdapter then still delivers to this process's sockets), a session is not
 * restored (the client refetches), none is stored, and the process counts itself alone.
 */
function faultTolerant(redis: Redis): AdapterFactory {
  const factory = createAdapter(redis, {
    // About 2 minutes of pushes at a high rate: older entries cannot be replayed anyway.
    maxLen: 20_000,
    onlyPlaintext: true,
  });
  const ready = () => redis.status === 'ready';
  const unavailable = () => Promise.reject(new Error('Redis is not connected'));

  // socket.io calls the factory with `new`: a function, not an arrow, whose returned object becomes the adapter.
  return function faultTolerantAdapter(nsp: Parameters<AdapterFactory>[0]): StreamsAdapter {
    const adapter: StreamsAdapter = factory(nsp);
    // These members are public in JavaScript but protected in the typings.
    const target = adapter as unknown as {
      doPublish(message: unknown): Promise<string>;
      persistSession(session: unknown): void;
      restoreSession(pid: string, offset: string): Promise<unknown>;
      serverCount(): Promise<number>;
    };
    const doPublish = target.doPublish.bind(adapter);
    const persistSession = target.persistSession.bind(adapter);
    const restoreSession = target.restoreSession.bind(adapter);
    const serverCount = target.serverCount.bind(adapter);

    target.doPublish = (message) => (ready() ? withTimeout(doPublish(message), REDIS_CALL_TIMEOUT_MS, 'publish') : unavailable());
    target.persistSession = (session) => {
      if (ready()) persistSession(session);
    };
    target.restoreSession = (pid, offset) =>
      ready() ? withTimeout(restoreSession(pid, offset), REDIS_CALL_TIMEOUT_MS, 'restore session') : unavailable();
    target.serverCount = () =>
      ready() ? withTimeout(serverCount(), REDIS_CALL_TIMEOUT_MS, 'server count').catch(() => 1) : Promise.resolve(1);
    return adapter;
  };
}
