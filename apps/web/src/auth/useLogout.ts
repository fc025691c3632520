import { useMutation } from '@tanstack/react-query';
import { logout } from '../api/session';
import { useSocket } from '../api/socket';

/**
 * POST /logout, close the socket, then a full page load of `to`: nothing of the
 * signed-in user (cached server state, socket rooms, the tab's saved chat progress) survives the logout.
 */
export function useLogout(to: string) {
  const { disconnect } = useSocket();
  const leave = useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (e) {
        console.info('Logout call failed; leaving anyway', e);
      }
    },
    onSuccess: () => {
      disconnect();
      try {
        sessionStorage.clear();
      } catch {
        // no storage: nothing kept
      }
      window.location.assign(to);
    },
  });
  // Once left, the page is on its way out: the button stays disabled.
  return { logout: leave.mutate, pending: leave.isPending || leave.isSuccess };
}
