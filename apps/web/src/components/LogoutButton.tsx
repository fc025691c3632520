import { Button } from 'suomifi-ui-components';
import { useLogout } from '../api/useLogout';
import { TEXTS } from '../i18n/texts';

export function LogoutButton({ to }: { to: string }) {
  const { logout, pending } = useLogout(to);
  return (
    <Button variant="secondary" className="logout-button" disabled={pending} onClick={() => logout()}>
      {TEXTS.common.logout}
    </Button>
  );
}
