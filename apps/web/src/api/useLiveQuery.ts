/**
 * The one data hook for server state that changes by itself, and the one way a socket push
 * reaches the react-query cache (every role does it the same way):
 *
 * - Each live query names, per socket event, its push rule: what that push does to the data it
 *   caches. The rule answers the new data (put into the cache: no request), 'refetch', or
 *   'ignore' (the push is about something else). The rules of a role's screens live in its
 *   `<role>-hooks.ts`, beside the queries they update: that is where to look for what a push
 *   changes on the screen.
 * - While the socket is down, react-query polls at `pollIntervalMs`; while it is up, never.
 * - When the socket says pushes may have been missed (a connection without replay, a gap in the
 *   push numbers, the server's `resync`), every live query refetches once.
 */
import { useEffect, useRef } from 'react';
import { type QueryKey, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ServerToClientEvents, SocketEventName } from '@resepti/domain';
import { useSocket } from './socket';

/** What one push does to one cached query: new data (no request), a refetch, or nothing. */
export type PushEffect<T> = { data: T } | 'refetch' | 'ignore';

/** The payload of a push, typed by its event name. */
export type PushPayload<E extends SocketEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Per socket event, how its push changes this query's data (`current`: what the cache holds now). */
export type PushRules<T> = { [E in SocketEventName]?: (payload: PushPayload<E>, current: T | undefined) => PushEffect<T> };

/** The rule for a push that only says "this changed": fetch it again. */
export const refetchOnPush = (): 'refetch' => 'refetch';

export interface LiveQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** Polling interval while the socket is down: one of POLL_INTERVAL_MS from @resepti/domain. */
  pollIntervalMs: number;
  /** The push rules of this query (see above). */
  onPush: PushRules<T>;
  enabled?: boolean;
}

type AnyPushRule<T> = (payload: unknown, current: T | undefined) => PushEffect<T>;

export function useLiveQuery<T>(options: LiveQueryOptions<T>): UseQueryResult<T> {
  const { queryKey, queryFn, pollIntervalMs, onPush, enabled = true } = options;
  const { socket, connected, resyncs } = useSocket();
  const queryClient = useQueryClient();

  const result = useQuery<T>({
    queryKey,
    queryFn,
    enabled,
    refetchInterval: connected ? false : pollIntervalMs,
  });

  // The latest key and rules without re-subscribing on every render (both are new objects each time).
  const keyRef = useRef(queryKey);
  const rulesRef = useRef(onPush);
  useEffect(() => {
    keyRef.current = queryKey;
    rulesRef.current = onPush;
  });
  const eventList = Object.keys(onPush).sort().join('|');

  useEffect(() => {
    if (!socket || !enabled || eventList === '') return;
    const names = eventList.split('|') as SocketEventName[];
    const listeners = names.map((name) => {
      const listener = (payload: unknown) => {
        const rule = rulesRef.current[name] as AnyPushRule<T> | undefined;
        const effect = rule ? rule(payload, queryClient.getQueryData<T>(keyRef.current)) : 'ignore';
        if (effect === 'refetch') void queryClient.invalidateQueries({ queryKey: keyRef.current });
        else if (effect !== 'ignore') queryClient.setQueryData(keyRef.current, effect.data);
      };
      socket.on(name, listener);
      return [name, listener] as const;
    });
    return () => {
      for (const [name, listener] of listeners) socket.off(name, listener);
    };
  }, [socket, enabled, eventList, queryClient]);

  // The socket may have missed pushes (a connection without replay, a gap in the push numbers, a resync): catch up once.
  const seenResyncs = useRef(resyncs);
  useEffect(() => {
    if (resyncs !== seenResyncs.current && enabled) {
      void queryClient.invalidateQueries({ queryKey: keyRef.current });
    }
    seenResyncs.current = resyncs;
  }, [resyncs, enabled, queryClient]);

  return result;
}
