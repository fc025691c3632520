import { Logger } from '@nestjs/common';
import { ConnectedSocket, type OnGatewayConnection, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Request, Response, NextFunction } from 'express';
import type { Server, Socket } from 'socket.io';
import { MESSAGES, ROOMS, type ClientToServerEvents, type ServerToClientEvents, type SessionInfo } from '@resepti/domain';
import { AuthService } from '../auth/auth.service.js';
import { SessionMiddleware } from '../auth/session.middleware.js';
import { sessionUserOf, type SessionUser } from '../auth/session-user.js';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** The rooms a signed-in user's socket belongs to. */
export function roomsFor(user: SessionUser, officeId: number | undefined): string[] {
  switch (user.role) {
    case 'doctor':
      return [ROOMS.doctors];
    case 'customer':
      return [ROOMS.customer(user.id)];
    case 'pharmacy': {
      const rooms = [ROOMS.pharmacies, ROOMS.pharmacyUser(user.id)];
      if (user.pharmacyId) rooms.push(ROOMS.pharmacy(user.pharmacyId));
      if (officeId) rooms.push(ROOMS.office(officeId));
      return rooms;
    }
  }
}

/**
 * Socket.IO at /socket.io on the API's own port. The handshake runs the same session
 * middleware as HTTP: without a valid session the connection is refused.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit<RealtimeServer>, OnGatewayConnection<Socket> {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server!: RealtimeServer;

  constructor(
    private readonly sessions: SessionMiddleware,
    private readonly auth: AuthService,
  ) {}

  afterInit(server: RealtimeServer): void {
    server.engine.use((req: Request, res: Response, next: NextFunction) => this.sessions.handler(req, res, next));
    server.use((socket, next) => {
      const request = socket.request as Request;
      const user = sessionUserOf(request.session);
      if (!user) return next(new Error(MESSAGES.unauthorized));
      // A recovered connection (redis-io.adapter.ts) keeps the user it had a moment ago and
      // connects at once: while waiting for the database it would miss pushes.
      const restored = socket.data.user as SessionUser | undefined;
      if (socket.recovered && restored?.id === user.id && restored.role === user.role) return next();
      this.auth.refresh(user).then(
        (fresh) => {
          if (!fresh) return next(new Error(MESSAGES.unauthorized));
          socket.data.user = fresh;
          next();
        },
        (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
      );
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    const user = socket.data.user as SessionUser;
    const officeId = (socket.request as Request).session?.officeId;
    await socket.join(roomsFor(user, officeId));
    this.logger.debug(`socket ${socket.id} joined ${[...socket.rooms].join(', ')}`);
  }

  @SubscribeMessage('session:info')
  sessionInfo(@ConnectedSocket() socket: Socket): SessionInfo {
    const user = socket.data.user as SessionUser;
    return { role: user.role, rooms: [...socket.rooms].filter((room) => room !== socket.id).sort() };
  }
}
