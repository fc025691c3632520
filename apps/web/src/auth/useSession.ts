import { useQuery } from '@tanstack/react-query';
import type { UserLevel } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { fetchSession, type SessionUserByLevel } from '../api/session';

const SESSION_STALE_MS = 5 * 60_000;

/** The signed-in user of one level (customer /my-user, doctor /my-doctor-info, pharmacy /pharmacy-user). */
export function useSession<L extends UserLevel>(level: L, options: { enabled?: boolean } = {}) {
  return useQuery<SessionUserByLevel[L]>({
    queryKey: queryKeys.session(level),
    queryFn: () => fetchSession(level),
    enabled: options.enabled ?? true,
    staleTime: SESSION_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
