/**
 * The one data hook for server state that changes by itself: react-query polling at the
 * given interval ONLY while the socket is disconnected, and on each of the given socket events
 * either the pushed state put straight into the cache (`apply`: no request) or a refetch; and
 * a refetch when the socket says pushes may have been missed.
 */
import { useEffect, useRef } from 'react';
import { type QueryKey, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { SocketEventName } from '@resepti/domain';
import { useSocket } from './socket';

export interface LiveQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** Polling interval while the socket is down: one of POLL_INTERVAL_MS from @resepti/domain. */
  pollIntervalMs: number;
  /** Socket events (SOCKET_EVENTS values) after which this query is refetched. */
  events: readonly SocketEventName[];
  /** Refetch only for pushes about this data (default: every push of `events`). */
  isAbout?: (payload: unknown, data: T | undefined) => boolean;
  /**
   * The new data carried by a push, when it carries all of it: put into the cache without a
   * request. Return undefined to fall back to a refetch.
   */
  apply?: (payload: unknown, data: T | undefined) => T | undefined;
  enabled?: boolean;
}

export function useLiveQuery<T>(options: LiveQueryOptions<T>): UseQueryResult<T> {
  const { queryKey, queryFn, pollIntervalMs, events, isAbout, apply, enabled = true } = options;
  const { socket, connected, resyncs } = useSocket();
  const queryClient = useQueryClient();

  const result = useQuery<T>({
    queryKey,
    queryFn,
    enabled,
    refetchInterval: connected ? false : pollIntervalMs,
  });

  // Latest key, filter and data without re-subscribing on every render (keys are new arrays each time).
  const keyRef = useRef(queryKey);
  const isAboutRef = useRef(isAbout);
  const applyRef = useRef(apply);
  const dataRef = useRef(result.data);
  useEffect(() => {
    keyRef.current = queryKey;
    isAboutRef.current = isAbout;
    applyRef.current = apply;
    dataRef.current = result.data;
  });
  const eventList = events.join('|');

  useEffect(() => {
    if (!socket || !enabled || eventList === '') return;
    const names = eventList.split('|') as SocketEventName[];
    const refetch = (payload: unknown) => {
      if (isAboutRef.current && !isAboutRef.current(payload, dataRef.current)) return;
      const pushed = applyRef.current?.(payload, dataRef.current);
      if (pushed !== undefined) queryClient.setQueryData(keyRef.current, pushed);
      else void queryClient.invalidateQueries({ queryKey: keyRef.current });
    };
    for (const name of names) socket.on(name, refetch);
    return () => {
      for (const name of names) socket.off(name, refetch);
    };
  }, [socket, enabled, eventList, queryClient]);

  // The socket may have missed pushes (a connection without replay, or a gap in the push numbers): catch up once.
  const seenResyncs = useRef(resyncs);
  useEffect(() => {
    if (resyncs !== seenResyncs.current && enabled) {
      void queryClient.invalidateQueries({ queryKey: keyRef.current });
    }
    seenResyncs.current = resyncs;
  }, [resyncs, enabled, queryClient]);

  return result;
}
