import { useMutation } from '@tanstack/react-query';
import { logout } from './session';
import { useSocket } from './socket';

/**
 * Leaves the signed-in app for `to` with a full page load: the socket closes and nothing of the
 * user (cached server state, socket rooms, the tab's saved chat progress) survives.
 */
export function useLeaveSignedIn(): (to: string) => void {
  const { disconnect } = useSocket();
  return (to) => {
    disconnect();
    try {
      sessionStorage.clear();
    } catch {
      // no storage: nothing kept
    }
    window.location.assign(to);
  };
}

/** POST /logout, then leave for `to` (useLeaveSignedIn). */
export function useLogout(to: string) {
  const leaveSignedIn = useLeaveSignedIn();
  const leave = useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (e) {
        console.info('Logout call failed; leaving anyway', e);
      }
    },
    onSuccess: () => leaveSignedIn(to),
  });
  // Once left, the page is on its way out: the button stays disabled.
  return { logout: leave.mutate, pending: leave.isPending || leave.isSuccess };
}
