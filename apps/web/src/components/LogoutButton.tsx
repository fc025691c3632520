import { Button } from 'suomifi-ui-components';
import { useLogout } from '../api/useLogout';
import { t } from '../i18n/i18n';

export function LogoutButton({ to }: { to: string }) {
  const { logout, pending } = useLogout(to);
  return (
    <Button variant="secondary" className="logout-button" disabled={pending} onClick={() => logout()}>
      {t('app.common.logout')}
    </Button>
  );
}
