import { useCallback, useState } from 'react';
import { logout } from '../api/session';
import { useSocket } from '../api/socket';

/**
 * POST /logout, close the socket, then a full page load of `to`: nothing of the
 * signed-in user (cached server state, socket rooms) survives the logout.
 */
export function useLogout(to: string) {
  const { disconnect } = useSocket();
  const [pending, setPending] = useState(false);

  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch (e) {
      console.info('Logout call failed; leaving anyway', e);
    }
    disconnect();
    window.location.assign(to);
  }, [disconnect, to]);

  return { logout: run, pending };
}
