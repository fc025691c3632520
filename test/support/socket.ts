import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, SessionInfo } from '@resepti/domain';
import type { ApiClient } from './http';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens a Socket.IO connection with a client's (or a raw) session cookie; rejects when the server refuses it. */
export function connectSocket(baseUrl: string, auth?: ApiClient | string, transport: 'websocket' | 'polling' = 'websocket'): Promise<TestSocket> {
  const cookie = typeof auth === 'string' ? auth : auth?.cookieHeader;
  const socket: TestSocket = io(baseUrl, {
    path: '/socket.io',
    transports: [transport],
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
    timeout: 5000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export function sessionInfo(socket: TestSocket): Promise<SessionInfo> {
  return socket.timeout(5000).emitWithAck('session:info');
}

/** Resolves with the next payload of `event` (rejects after `ms`). */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: unknown) => {
      clearTimeout(timer);
      socket.off(event, handler as never);
      resolve(payload as Parameters<ServerToClientEvents[E]>[0]);
    };
    socket.on(event, handler as never);
  });
}

/** Resolves with the reason when the server closes the socket (rejects after `ms`). */
export function disconnected(socket: TestSocket, ms = 5000): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
