/** "Some user is authenticated": a session query of any user level holds a user. */
import { useSyncExternalStore } from 'react';
import { notifyManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { USER_LEVELS, type UserLevel } from './client';
import { queryKeys } from './query-keys';

function hasSignedInUser(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.sessions })
    .some((q) => q.state.status === 'success' && q.state.data != null);
}

/** The user level whose session query holds a user (null: none yet). */
export function signedInLevel(queryClient: QueryClient): UserLevel | null {
  const query = queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.sessions })
    .find((q) => q.state.status === 'success' && q.state.data != null);
  const level = query?.queryKey[1];
  return typeof level === 'string' && (USER_LEVELS as readonly string[]).includes(level) ? (level as UserLevel) : null;
}

export function useSignedInLevel(): UserLevel | null {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange)),
    () => signedInLevel(queryClient),
  );
}

/** Re-renders when the answer changes. */
export function useSignedIn(): boolean {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    // Batched like react-query's own hooks: the cache also changes while other components render.
    (onChange) => queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange)),
    () => hasSignedInUser(queryClient),
  );
}

/** Forgets every cached session (before a new login, after logout). */
export function forgetSessions(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: queryKeys.sessions });
}
