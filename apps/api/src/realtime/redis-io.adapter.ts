import { IoAdapter } from '@nestjs/platform-socket.io';
import type { INestApplicationContext } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type { Namespace, Server, ServerOptions } from 'socket.io';
import { SOCKET_EVENTS, type ResyncEvent } from '@resepti/domain';
import { isAllowedOrigin } from '../platform/http/same-origin.js';
import { pushResyncs } from '../platform/metrics/metrics.js';
import { withTimeout } from '../platform/redis/redis-connection.js';
import { StreamReplay, type RecoverableSession } from './stream-replay.js';

/**
 * How long a client that lost its connection gets back, on reconnecting, the pushes it
 * missed (and its rooms). Longer gaps end in a refetch on the web. docs/decisions.md.
 */
export const RECOVERY_WINDOW_MS = 2 * 60_000;

/** A Redis call on the push path that takes longer than this is given up (the push still reaches this process's sockets). */
const REDIS_CALL_TIMEOUT_MS = 1000;
/**
 * A replay may wait longer: after a process restart its pages come back all at once, and the
 * replies queue behind each other in the busy process (given up, the page refetches instead).
 */
const RESTORE_TIMEOUT_MS = 5000;

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

  /**
   * Nest builds an rxjs disconnect stream for every socket before it looks at the message
   * handlers, and keeps it as long as the socket lives (about 1 KiB a page). The gateway has no
   * @SubscribeMessage handlers (its one message is a plain listener), so there is nothing to bind.
   */
  override bindMessageHandlers(...args: Parameters<IoAdapter['bindMessageHandlers']>): void {
    if (args[1].length > 0) super.bindMessageHandlers(...args);
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

/** What the cluster adapter hands to doPublish; a broadcast (socket.io-adapter's MessageType.BROADCAST = 3) names its rooms. */
interface ClusterMessage {
  type: number;
  data?: { opts?: { rooms?: string[] }; requestId?: string };
}
const BROADCAST = 3;

/**
 * The streams adapter, made to keep going while Redis is away. Its clients wait for a
 * reconnect (REDIS_OPTIONS), which is right for its background reading but not on the push
 * path, so there: when Redis is not ready, publishing fails at once (socket.io-adapter's
 * ClusterAdapter then still delivers to this process's sockets), a session is not
 * restored (the client refetches), none is stored, and the process counts itself alone.
 * What could not cross between processes meanwhile is made up by a resync once the link is
 * back (PushGaps).
 */
function faultTolerant(redis: Redis): AdapterFactory {
  // The adapter reads the stream and listens on pub/sub through duplicates of the client, made
  // while createAdapter runs: the link is back only once each of them is.
  const links = [redis];
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = (...args: Parameters<Redis['duplicate']>) => {
    const client = duplicate(...args);
    links.push(client);
    return client;
  };
  let factory: AdapterFactory;
  try {
    factory = createAdapter(redis, {
      maxLen: STREAM_MAX_LEN,
      onlyPlaintext: true,
    });
  } finally {
    delete (redis as Partial<Redis>).duplicate; // back to the prototype's
  }
  const ready = () => redis.status === 'ready';
  const unavailable = () => Promise.reject(new Error('Redis is not connected'));

  // socket.io calls the factory with `new`: a function, not an arrow, whose returned object becomes the adapter.
  return function faultTolerantAdapter(nsp: Parameters<AdapterFactory>[0]): StreamsAdapter {
    const adapter: StreamsAdapter = factory(nsp);
    const gaps = new PushGaps(nsp);
    onLinkReturn(links, () => gaps.resync());
    // These members are public in JavaScript but protected in the typings.
    const target = adapter as unknown as {
      onRawMessage(message: unknown, offset: string): void;
      doPublish(message: ClusterMessage): Promise<string>;
      persistSession(session: unknown): void;
      restoreSession(pid: string, offset: string): Promise<unknown>;
      serverCount(): Promise<number>;
    };
    // The newest stream entry this process has handed to its sockets: where a page's replay starts.
    let seen: string | undefined;
    replayPoints.set(nsp, () => seen);
    void latestEntry(redis).then((latest) => (seen ??= latest));
    const onRawMessage = target.onRawMessage.bind(adapter);
    target.onRawMessage = (message, offset) => {
      onRawMessage(message, offset);
      seen = offset;
    };
    const doPublish = target.doPublish.bind(adapter);
    const serverCount = target.serverCount.bind(adapter);

    target.doPublish = (message) => {
      const published = ready() ? withTimeout(doPublish(message), REDIS_CALL_TIMEOUT_MS, 'publish') : unavailable();
      return published.catch((err: unknown) => {
        gaps.unpublished(message);
        throw err;
      });
    };
    // Sessions and replays through StreamReplay: one read of the stream for a whole reconnect storm.
    const replay = new StreamReplay(redis, STREAM, nsp.name, RECOVERY_WINDOW_MS);
    target.persistSession = (session) => {
      if (ready()) replay.persist(session as RecoverableSession);
    };
    target.restoreSession = (pid, offset) => (ready() ? withTimeout(replay.restore(pid, offset), RESTORE_TIMEOUT_MS, 'restore session') : unavailable());
    target.serverCount = () =>
      ready() ? withTimeout(serverCount(), REDIS_CALL_TIMEOUT_MS, 'server count').catch(() => 1) : Promise.resolve(1);
    return adapter;
  };
}

/** The push stream's name (the streams adapter's default). */
const STREAM = 'socket.io';
/** About 2 minutes of pushes at a high rate: older entries cannot be replayed anyway. */
const STREAM_MAX_LEN = 20_000;

/** Per namespace: the newest stream entry its process has delivered (undefined: none seen yet, or no Redis). */
const replayPoints = new WeakMap<object, () => string | undefined>();

/**
 * Where a page of this namespace that has had no push yet would be replayed from, were its
 * connection to break: the newest stream entry this process has delivered (SOCKET_EVENTS.replayFrom).
 */
export function replayPointOf(nsp: object): string | undefined {
  return replayPoints.get(nsp)?.();
}

/**
 * The stream's newest entry at start (the adapter reads only what comes after its start). An
 * empty stream gets a marker entry to start from: without `nsp` the adapters skip it, both when
 * they read the stream and when they replay it.
 */
async function latestEntry(redis: Redis): Promise<string | undefined> {
  try {
    const [entry] = await withTimeout(redis.xrevrange(STREAM, '+', '-', 'COUNT', 1), REDIS_CALL_TIMEOUT_MS, 'latest entry');
    return entry?.[0] ?? (await withTimeout(redis.xadd(STREAM, 'MAXLEN', '~', STREAM_MAX_LEN, '*', 'replay-point', '1'), REDIS_CALL_TIMEOUT_MS, 'replay point')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Calls `returned` each time every one of `clients` is connected again after any of them lost its connection. */
function onLinkReturn(clients: readonly Redis[], returned: () => void): void {
  let broken = false;
  for (const client of clients) {
    client.on('close', () => (broken = true));
    client.on('ready', () => {
      if (!broken || clients.some((c) => c.status !== 'ready')) return;
      broken = false;
      returned();
    });
  }
}

/**
 * Pushes that some sockets may have missed with no replay to recover them, and the `resync`
 * that makes those sockets refetch instead. While its link is away, a process hears nothing
 * the others push, and its own pushes reach only its own sockets. So once the link is back:
 * - the sockets of the rooms this process could not publish to, on every process, get a
 *   resync (sent through Redis: if that fails too, the rooms wait for the next return);
 * - every other socket of this process gets one too, since nobody can tell what it missed.
 */
class PushGaps {
  private readonly rooms = new Set<string>();
  /** A broadcast to every socket could not be published. */
  private everyone = false;

  constructor(private readonly nsp: Namespace) {}

  unpublished(message: ClusterMessage): void {
    if (message.type !== BROADCAST || message.data?.requestId !== undefined) return;
    const rooms = message.data?.opts?.rooms ?? [];
    if (rooms.length === 0) this.everyone = true;
    for (const room of rooms) this.rooms.add(room);
  }

  resync(): void {
    const rooms = [...this.rooms];
    const everyone = this.everyone;
    this.rooms.clear();
    this.everyone = false;
    if (everyone) return this.send(this.nsp, 'unpublished');
    if (rooms.length > 0) this.send(this.nsp.to(rooms), 'unpublished');
    this.send(this.nsp.local.except(rooms), 'link-returned');
  }

  private send(to: { emit(event: string, payload: ResyncEvent): unknown }, reason: ResyncEvent['reason']): void {
    to.emit(SOCKET_EVENTS.resync, { reason } satisfies ResyncEvent);
    pushResyncs.inc({ reason });
  }
}
