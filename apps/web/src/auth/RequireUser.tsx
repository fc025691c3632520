/**
 * Route guard (SPEC section 2): when no user is known it fetches the session of the
 * route's user level (default customer) and shows the content only once some user is
 * authenticated. A 401 is turned into the login-page redirect by the API client.
 * The staff pages (doctor, pharmacy) need a session of their own level: a user of another
 * level (a 403, or another level's session already known) sees the wrong-role page.
 */
import { type ReactNode, useEffect } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { Button, InlineAlert } from 'suomifi-ui-components';
import { isApiError, setCurrentUserLevel, toUserLevel } from '../api/client';
import { PageLoading } from '../components/PageLoading';
import { WrongRolePage } from '../components/WrongRolePage';
import { t } from '../i18n/i18n';
import { useSession } from './useSession';
import { useSignedIn, useSignedInLevel } from '../api/signed-in';

export interface RequireUserProps {
  /** 'customer', 'doctor' or 'pharmacy'; any other value is an error. */
  level?: string;
  children: ReactNode;
  /** Shown while the session is being checked (default: the spinner). */
  loading?: ReactNode;
  /** Started with the session check: the level's screen code and first data load in parallel with it. */
  preload?: (queryClient: QueryClient, pathname: string) => void;
}

export function RequireUser({ level = 'customer', children, loading = <PageLoading />, preload }: RequireUserProps) {
  const userLevel = toUserLevel(level);
  // Session expiry on any call of this route leads to this level's login page.
  setCurrentUserLevel(userLevel);

  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Once per mount of the guard (a new level), not per route change inside it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => preload?.(queryClient, pathname), [preload, queryClient]);

  const signedIn = useSignedIn();
  const knownLevel = useSignedInLevel();
  // The customer's pages admit any signed-in user (SPEC section 2); staff pages their own level.
  const staff = userLevel !== 'customer';
  const wrongRole = staff && knownLevel !== null && knownLevel !== userLevel;
  const session = useSession(userLevel, { enabled: staff ? !wrongRole : !signedIn });

  if (wrongRole || isApiError(session.error, 403)) return <WrongRolePage level={userLevel} />;
  if (staff ? session.data : signedIn || session.data) return <>{children}</>;

  if (session.isError) {
    // 401: the client is already redirecting to the login page.
    if (isApiError(session.error, 401)) return <>{loading}</>;
    return (
      <main className="page page--narrow" id="main">
        <InlineAlert status="error">{t('app.common.unexpectedError')}</InlineAlert>
        <Button variant="secondary" onClick={() => void session.refetch()}>
          {t('app.common.retry')}
        </Button>
      </main>
    );
  }
  return <>{loading}</>;
}
