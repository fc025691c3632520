import { Button } from 'suomifi-ui-components';
import { useLogout } from '../auth/useLogout';
import { TEXTS } from '../texts';

export function LogoutButton({ to }: { to: string }) {
  const { logout, pending } = useLogout(to);
  return (
    <Button variant="secondary" className="logout-button" disabled={pending} onClick={() => logout()}>
      {TEXTS.common.logout}
    </Button>
  );
}
