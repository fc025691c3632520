/**
 * A signed-in user on another role's page (a pharmacist on /doctor): says whose view this is,
 * with links to the user's own start page and to log out. A 403 is an answer, not a crash.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Heading, Paragraph } from 'suomifi-ui-components';
import { loginPathFor, type UserLevel } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { probeSessionLevel } from '../api/session';
import { signedInLevel } from '../api/signed-in';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { LogoutButton } from './LogoutButton';
import { SkipToContent } from './SkipLink';
import { usePageTitle } from './usePageTitle';
import 'virtual:finnish-texts/app';

const START_PAGES: Readonly<Record<UserLevel, string>> = {
  customer: ROUTES.customerPrescriptions,
  doctor: ROUTES.doctorQueue,
  pharmacy: ROUTES.pharmacyWorkbench,
};

export function WrongRolePage({ level }: { level: UserLevel }) {
  const queryClient = useQueryClient();
  usePageTitle(t('app.wrongRole.title'));
  // Whose session this is: known when the user came here inside the app, asked otherwise.
  const known = signedInLevel(queryClient);
  const own = useQuery({
    queryKey: queryKeys.sessionLevelProbe(level),
    queryFn: async () => {
      const found = await probeSessionLevel(level);
      if (found) queryClient.setQueryData(queryKeys.session(found.level), found.user);
      return found?.level ?? null;
    },
    enabled: known === null || known === level,
    retry: false,
    staleTime: Infinity,
  });
  const ownLevel = known !== null && known !== level ? known : (own.data ?? null);

  return (
    <div className="layout layout--workbench">
      <SkipToContent />
      <header className="role-header">
        <div className="role-header__inner">
          <span className="brand">{t('app.appName')}</span>
        </div>
      </header>
      <main id="main" className="page page--narrow wrong-role">
        <Heading variant="h1">{t('app.wrongRole.title')}</Heading>
        <Paragraph mt="s" mb="m">
          {t('app.wrongRole.meantFor', { role: t(`app.wrongRole.for.${level}`) })}
          {ownLevel ? ` ${t('app.wrongRole.loggedInAs', { role: t(`app.wrongRole.as.${ownLevel}`) })}` : ` ${t('app.wrongRole.loggedInOther')}`}
        </Paragraph>
        <div className="wrong-role__actions">
          {ownLevel && (
            <Link to={START_PAGES[ownLevel]} className="wrong-role__link">
              {t('app.wrongRole.ownStart')}
            </Link>
          )}
          <LogoutButton to={loginPathFor(level)} />
        </div>
      </main>
    </div>
  );
}
