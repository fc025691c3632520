/**
 * The one Socket.IO connection of the app (same origin, path /socket.io, session cookie).
 * It is open only while a user is signed in: it opens when a session is known and
 * closes when the sessions are forgotten (logout). The server refuses a handshake
 * without a valid session cookie; while disconnected the data hooks poll instead.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@resepti/domain';
import { useSignedIn } from '../auth/signed-in';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketContextValue {
  socket: AppSocket | null;
  connected: boolean;
  /** Opens a fresh connection (after login or an office change: the rooms depend on the session). */
  reconnect: () => void;
  /** Closes the connection (logout). */
  disconnect: () => void;
}

const SocketContext = createContext<SocketContextValue | null>(null);

export function SocketProvider({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const socketRef = useRef<AppSocket | null>(null);
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [connected, setConnected] = useState(false);

  const disconnect = useCallback(() => {
    const current = socketRef.current;
    socketRef.current = null;
    if (current) {
      current.removeAllListeners();
      current.disconnect();
    }
    setSocket(null);
    setConnected(false);
  }, []);

  const reconnect = useCallback(() => {
    disconnect();
    // WebSocket first (no sticky sessions needed, one connection); HTTP long-polling only when
    // WebSocket cannot connect (a proxy that refuses upgrades).
    const next: AppSocket = io({ path: '/socket.io', withCredentials: true, autoConnect: false, transports: ['websocket', 'polling'], tryAllTransports: true });
    next.on('connect', () => setConnected(true));
    next.on('disconnect', () => setConnected(false));
    next.on('connect_error', (err) => {
      setConnected(false);
      if (!next.active) console.info(`Realtime connection refused (${err.message}); polling instead`);
    });
    socketRef.current = next;
    setSocket(next);
    next.connect();
  }, [disconnect]);

  // Follow the sign-in state: open once a user is known, close when the sessions are forgotten.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (signedIn && !socketRef.current) reconnect();
    if (!signedIn && wasSignedIn.current) disconnect();
    wasSignedIn.current = signedIn;
  }, [signedIn, reconnect, disconnect]);

  useEffect(() => disconnect, [disconnect]);

  const value = useMemo<SocketContextValue>(
    () => ({ socket, connected, reconnect, disconnect }),
    [socket, connected, reconnect, disconnect],
  );
  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

export function useSocket(): SocketContextValue {
  const value = useContext(SocketContext);
  if (!value) throw new Error('useSocket must be used inside <SocketProvider>');
  return value;
}
