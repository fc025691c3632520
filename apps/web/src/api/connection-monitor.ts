/**
 * The checks behind 'Ei yhteyttä palvelimeen': a lost socket is checked at once (GET /health), and
 * while the server is away it is asked again every 2 s, so the screen recovers on its own within
 * seconds of the server's return.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { probeServer } from './client';
import { useServerUnreachable } from './connection';
import { useSocket } from './socket';

const RECONNECT_PROBE_MS = 2000;

/** Runs the checks; mounted once per page (in the role header's live indicator). */
export function useConnectionMonitor(): { unreachable: boolean; connected: boolean } {
  const { connected } = useSocket();
  const unreachable = useServerUnreachable();
  const queryClient = useQueryClient();

  // The socket dropped: is the server gone, or only the socket?
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (wasConnected.current && !connected) void probeServer();
    wasConnected.current = connected;
  }, [connected]);

  // While away: ask every 2 s; once back, refetch what failed meanwhile (the socket's
  // reconnect catches up the rest).
  useEffect(() => {
    if (!unreachable) return;
    const timer = window.setInterval(() => void probeServer(), RECONNECT_PROBE_MS);
    return () => {
      window.clearInterval(timer);
      void queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' });
    };
  }, [unreachable, queryClient]);

  return { unreachable, connected };
}
