import { useLocation } from 'react-router-dom';
import { InlineAlert } from 'suomifi-ui-components';
import { isSessionExpiredSearch } from '../api/client';
import { t } from '../i18n/i18n';
import 'virtual:finnish-texts/app';

/** On a login page reached because the session ended: 'Istuntosi on vanhentunut. Kirjaudu uudelleen.' */
export function SessionExpiredNotice() {
  const { search } = useLocation();
  if (!isSessionExpiredSearch(search)) return null;
  return (
    <InlineAlert status="warning" mb="m" className="session-expired-notice">
      {t('app.session.expired')}
    </InlineAlert>
  );
}
