/**
 * The one Socket.IO connection of the app (same origin, path /socket.io, session cookie).
 * It is open only while a user is signed in: it opens when a session is known and
 * closes when the sessions are forgotten (logout). The server refuses a handshake
 * without a valid session cookie; while disconnected the data hooks poll instead.
 *
 * Missed pushes: after a short break (up to 2 minutes) the server replays what the
 * connection missed (`socket.recovered`), so nothing needs refetching. Otherwise (a
 * first connection, a longer break, a server without the replay), when the per-room
 * push numbers show a gap (pushes lost between servers), or when the server says `resync`
 * (its Redis link was away: pushes of other servers may not have reached this connection,
 * which stayed open), `resyncs` grows by one and every live query refetches once.
 *
 * socket.io-client is loaded with the first connection (dynamic import), so the landing page and
 * the login pages do not download it; if its chunk cannot be fetched, the hooks poll and the
 * import is tried again a little later.
 *
 * What a push changes in the cache is not decided here: each live query declares its push rules
 * (api/useLiveQuery.ts), in the hooks file of its role.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { PushSequence, SOCKET_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@resepti/domain';
import { useSignedIn } from './signed-in';
import { setPollingFallback } from './client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketContextValue {
  socket: AppSocket | null;
  connected: boolean;
  /** Opens a fresh connection (after login or an office change: the rooms depend on the session). */
  reconnect: () => void;
  /** Closes the connection (logout). */
  disconnect: () => void;
  /** Grows by one whenever pushes may have been missed: live queries then refetch once. */
  resyncs: number;
}

const SocketContext = createContext<SocketContextValue | null>(null);

/** How long to wait before importing the client again after its chunk failed to load. */
const CLIENT_RETRY_MS = 5_000;

let socketClient: Promise<typeof import('socket.io-client')> | null = null;
/** The client library, imported once; a failed import is forgotten so that the next call tries again. */
function loadSocketClient(): Promise<typeof import('socket.io-client')> {
  socketClient ??= import('socket.io-client').catch((err: unknown) => {
    socketClient = null;
    throw err;
  });
  return socketClient;
}

export function SocketProvider({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const socketRef = useRef<AppSocket | null>(null);
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const [resyncs, setResyncs] = useState(0);

  /** Grows with every reconnect and disconnect: a client import that settles later than one of them is stale. */
  const generation = useRef(0);
  const retryTimer = useRef<number | undefined>(undefined);

  const disconnect = useCallback(() => {
    generation.current += 1;
    window.clearTimeout(retryTimer.current);
    const current = socketRef.current;
    socketRef.current = null;
    if (current) {
      current.removeAllListeners();
      current.offAny();
      current.disconnect();
    }
    setSocket(null);
    setConnected(false);
    setPollingFallback(false);
  }, []);

  const open = useCallback((io: (typeof import('socket.io-client'))['io']) => {
    // WebSocket first (no sticky sessions needed, one connection); HTTP long-polling only when
    // WebSocket cannot connect (a proxy that refuses upgrades); behind several servers it needs sticky routing (README).
    const next: AppSocket = io({ path: '/socket.io', withCredentials: true, autoConnect: false, transports: ['websocket', 'polling'], tryAllTransports: true });
    const sequence = new PushSequence();
    const resync = () => setResyncs((n) => n + 1);
    next.on('connect', () => {
      setConnected(true);
      setPollingFallback(false);
      if (!next.recovered) {
        sequence.reset();
        resync();
      }
      // The rooms decide which push numbers this connection must see without gaps.
      next.timeout(10_000).emit('session:info', (err, info) => {
        if (!err) sequence.setRooms(info.rooms);
      });
    });
    // A push's second argument numbers it per room (PushMeta); a gap means pushes were lost.
    next.onAny((_event: string, _payload: unknown, meta: unknown) => {
      if (sequence.missedBefore(meta)) resync();
    });
    next.on(SOCKET_EVENTS.resync, resync);
    next.on('disconnect', () => {
      setConnected(false);
      setPollingFallback(true);
    });
    next.on('connect_error', (err) => {
      setConnected(false);
      setPollingFallback(true);
      if (!next.active) console.info(`Realtime connection refused (${err.message}); polling instead`);
    });
    socketRef.current = next;
    setSocket(next);
    next.connect();
  }, []);

  const reconnect = useCallback(() => {
    disconnect();
    const mine = generation.current;
    const attempt = () => {
      loadSocketClient().then(
        ({ io }) => {
          if (generation.current === mine) open(io);
        },
        (err: unknown) => {
          if (generation.current !== mine) return;
          // No realtime client (offline while it loads): the hooks poll until it loads.
          setPollingFallback(true);
          console.info('Realtime client did not load; polling instead', err);
          retryTimer.current = window.setTimeout(attempt, CLIENT_RETRY_MS);
        },
      );
    };
    attempt();
  }, [disconnect, open]);

  // Follow the sign-in state: open once a user is known, close when the sessions are forgotten.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (signedIn && !socketRef.current) reconnect();
    if (!signedIn && wasSignedIn.current) disconnect();
    wasSignedIn.current = signedIn;
  }, [signedIn, reconnect, disconnect]);

  useEffect(() => disconnect, [disconnect]);

  const value = useMemo<SocketContextValue>(
    () => ({ socket, connected, reconnect, disconnect, resyncs }),
    [socket, connected, reconnect, disconnect, resyncs],
  );
  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

export function useSocket(): SocketContextValue {
  const value = useContext(SocketContext);
  if (!value) throw new Error('useSocket must be used inside <SocketProvider>');
  return value;
}
