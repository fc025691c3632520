import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { createHash } from 'node:crypto';
import type { Server, Socket } from 'socket.io';
import { t } from '@resepti/domain/locales';
import { DEFAULT_LANGUAGE, MESSAGES, ROOMS, SOCKET_EVENTS, type ClientToServerEvents, type ServerToClientEvents, type SessionInfo } from '@resepti/domain';
import { AuthService } from '../accounts/auth.service.js';
import { SessionMiddleware } from '../accounts/session.middleware.js';
import { sessionUserOf, type SessionUser } from '../platform/http/session-user.js';
import { socketConnections } from '../platform/metrics/metrics.js';
import { replayPointOf } from './redis-io.adapter.js';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** What the server keeps per socket: the user, and the login session it lives on (nothing more: it is kept per socket). */
export interface SocketData {
  user: SessionUser;
  sessionId: string;
  /** When the session expires unless the user makes an HTTP request (re-read from the store then). */
  expiresAt: number;
}

/** The rooms a signed-in user's socket belongs to. */
export function roomsFor(user: SessionUser): string[] {
  switch (user.role) {
    case 'doctor':
      return [ROOMS.doctors, ROOMS.doctor(user.id)];
    case 'customer':
      return [ROOMS.customer(user.id)];
    case 'pharmacy': {
      const rooms = [ROOMS.pharmacies, ROOMS.pharmacyUser(user.id)];
      if (user.pharmacyId) rooms.push(ROOMS.pharmacy(user.pharmacyId));
      return rooms;
    }
  }
}

/**
 * The server-only room that lets a login session's sockets be closed from any process (through
 * the adapter). The session id is a secret, so its room is named by a hash.
 */
export const INTERNAL_ROOMS = {
  session: (sessionId: string) => `session:${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`,
};
const isInternalRoom = (room: string) => room.startsWith('session:');

/**
 * The room of all of one user's sockets, which each role has among its rooms (roomsFor): an
 * account's end closes it. (A room of its own per account cost every page a room more.)
 */
export function accountRoom(user: { role: string; id: number }): string {
  switch (user.role) {
    case 'customer':
      return ROOMS.customer(user.id);
    case 'doctor':
      return ROOMS.doctor(user.id);
    case 'pharmacy':
      return ROOMS.pharmacyUser(user.id);
  }
  throw new Error(`no room of a ${user.role}'s sockets`);
}

/** How often each process looks for sockets whose session has run out. */
const EXPIRY_SWEEP_MS = 500;

/**
 * How often the pages hear the newest point of the push stream (SOCKET_EVENTS.replayFrom): a
 * reconnect then replays at most this long of the stream, however long the page was quiet.
 */
const REPLAY_POINT_MS = 30_000;

/**
 * Socket.IO at /socket.io on the API's own port. The handshake reads the login session named by
 * the cookie (without writing it: socket traffic never extends a session) and refuses a
 * connection without a valid one. A socket lives no longer than its session: logout, an
 * account's end (deleted, password reset) and the idle timeout all close it.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit<RealtimeServer>, OnGatewayConnection<Socket>, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeGateway.name);
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping = false;
  private replayTimer: NodeJS.Timeout | undefined;
  /** The replay point told to every page last. */
  private replayPointTold: string | undefined;

  @WebSocketServer()
  server!: RealtimeServer;

  constructor(
    private readonly sessions: SessionMiddleware,
    private readonly auth: AuthService,
  ) {}

  afterInit(server: RealtimeServer): void {
    for (const role of ['customer', 'doctor', 'pharmacy'] as const) socketConnections.set({ role }, 0);
    server.use((socket, next) => {
      this.authenticate(socket).then(
        (ok) => next(ok ? undefined : new Error(t(MESSAGES.unauthorized, DEFAULT_LANGUAGE))),
        (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
      );
    });
    this.sweepTimer = setInterval(() => void this.closeExpired(), EXPIRY_SWEEP_MS);
    this.sweepTimer.unref();
    this.replayTimer = setInterval(() => this.tellReplayPoint(), REPLAY_POINT_MS);
    this.replayTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.replayTimer) clearInterval(this.replayTimer);
  }

  private async authenticate(socket: Socket): Promise<boolean> {
    const session = await this.sessions.read(socket.request.headers.cookie);
    const user = session && sessionUserOf(session.data);
    if (!session || !user) return false;
    const fresh = await this.auth.refresh(user);
    if (!fresh) return false;
    const data: SocketData = { user: fresh, sessionId: session.id, expiresAt: session.expiresAt };
    socket.data = data;
    return true;
  }

  async handleConnection(socket: Socket): Promise<void> {
    const data = socket.data as SocketData;
    const { role } = data.user;
    socketConnections.inc({ role });
    socket.once('disconnect', () => socketConnections.dec({ role }));
    // A recovered connection (redis-io.adapter.ts) skipped authenticate() so that no push is
    // lost while it waits for the database; its session is re-read by the next sweep instead.
    if (socket.recovered) data.expiresAt = 0;
    // The handshake's HTTP request is not needed once the session is read: Socket.IO would keep
    // it (with its socket and parser) as long as the connection lives (its "Memory usage" advice).
    (socket.conn as unknown as { request: unknown }).request = null;
    // A plain listener, not @SubscribeMessage: Nest binds each of those with an rxjs chain per
    // socket (fromEvent, mergeMap, takeUntil disconnect), kept as long as the socket lives.
    socket.on('session:info', (...args: unknown[]) => {
      const ack = args.at(-1);
      if (typeof ack === 'function') (ack as (info: SessionInfo) => void)(this.sessionInfo(socket));
    });
    await socket.join([...roomsFor(data.user), INTERNAL_ROOMS.session(data.sessionId)]);
    // socket.io-client replays from the last push it got: a page that got none could not be
    // replayed at all (a process restart would end in every such page refetching at once).
    const replayPoint = socket.recovered ? undefined : replayPointOf(socket.nsp);
    if (replayPoint) socket.emit(SOCKET_EVENTS.replayFrom, replayPoint);
    this.logger.debug(`socket ${socket.id} joined ${[...socket.rooms].join(', ')}`);
  }

  /** Every page of this process hears the newest replay point, when pushes went by since the last time. */
  private tellReplayPoint(): void {
    const replayPoint = this.server && replayPointOf(this.server.of('/'));
    if (!replayPoint || replayPoint === this.replayPointTold) return;
    this.replayPointTold = replayPoint;
    this.server.local.emit(SOCKET_EVENTS.replayFrom, replayPoint);
  }

  /** 'session:info' (with an acknowledgement): the role and the public rooms of the socket. */
  private sessionInfo(socket: Socket): SessionInfo {
    const { user } = socket.data as SocketData;
    return { role: user.role, rooms: [...socket.rooms].filter((room) => room !== socket.id && !isInternalRoom(room)).sort() };
  }

  /** Closes this process's sockets whose session has expired (re-reading the store for those that look due). */
  private async closeExpired(): Promise<void> {
    if (this.sweeping || !this.server) return;
    const now = Date.now();
    const due = [...this.server.of('/').sockets.values()].filter((s) => (s.data as SocketData).expiresAt <= now);
    if (due.length === 0) return;
    this.sweeping = true;
    try {
      const expiries = await this.sessions.expiries([...new Set(due.map((s) => (s.data as SocketData).sessionId))]);
      for (const socket of due) {
        const data = socket.data as SocketData;
        const expiresAt = expiries.get(data.sessionId);
        if (expiresAt === undefined) socket.disconnect(true);
        else data.expiresAt = expiresAt;
      }
    } catch (err) {
      this.logger.warn(`checking socket sessions failed: ${String(err)}`);
    } finally {
      this.sweeping = false;
    }
  }
}
