/**
 * Route guard (SPEC section 2): when no user is known it fetches the session of the
 * route's user level (default customer) and shows the content only once some user is
 * authenticated. A 401 is turned into the login-page redirect by the API client.
 */
import type { ReactNode } from 'react';
import { Button, InlineAlert } from 'suomifi-ui-components';
import { isApiError, setCurrentUserLevel, toUserLevel } from '../api/client';
import { PageLoading } from '../components/PageLoading';
import { TEXTS } from '../texts';
import { useSession } from './useSession';
import { useSignedIn } from './signed-in';

interface RequireUserProps {
  /** 'customer', 'doctor' or 'pharmacy'; any other value is an error. */
  level?: string;
  children: ReactNode;
}

export function RequireUser({ level = 'customer', children }: RequireUserProps) {
  const userLevel = toUserLevel(level);
  // Session expiry on any call of this route leads to this level's login page.
  setCurrentUserLevel(userLevel);

  const signedIn = useSignedIn();
  const session = useSession(userLevel, { enabled: !signedIn });

  if (signedIn || session.data) return <>{children}</>;

  if (session.isError) {
    // 401: the client is already redirecting to the login page.
    if (isApiError(session.error, 401)) return <PageLoading />;
    return (
      <main className="page page--narrow" id="main">
        <InlineAlert status="error">{TEXTS.common.unexpectedError}</InlineAlert>
        <Button variant="secondary" onClick={() => void session.refetch()}>
          {TEXTS.common.retry}
        </Button>
      </main>
    );
  }
  return <PageLoading />;
}
