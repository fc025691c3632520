import { useNavigate } from 'react-router-dom';
import { loginMfa, loginPharmacist } from '../api/session';
import { useSocket } from '../api/socket';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { SessionExpiredNotice } from '../components/SessionExpiredNotice';
import { usePageTitle } from '../components/usePageTitle';
import { fetchUsersOffices, selectOffice } from './pharmacy-api';
import { LoginForm } from '../public/LoginForm';
import 'virtual:finnish-texts/app';

/**
 * /loginapteekki. After login exactly one office is selected automatically and leads to
 * the workbench; several or none lead to the office chooser (SPEC section 4).
 */
export function PharmacyLoginPage() {
  const navigate = useNavigate();
  usePageTitle(t('app.login.pharmacyIntro'));
  const { reconnect } = useSocket();

  async function login(username: string, password: string): Promise<void | 'code'> {
    const answer = await loginPharmacist({ username, password });
    if (answer.mfaRequired) return 'code';
    if (answer.mfaSetupRequired) return void navigate(ROUTES.staffMfa, { replace: true });
    await signedIn();
  }

  async function code(value: string) {
    await loginMfa(value);
    await signedIn();
  }

  async function signedIn() {
    let target: string = ROUTES.pharmacyOffice;
    try {
      const offices = await fetchUsersOffices();
      const only = offices.length === 1 ? offices[0] : undefined;
      if (only) {
        await selectOffice(only.id);
        target = ROUTES.pharmacyWorkbench;
      }
    } catch (e) {
      // Set-office failure leaves the state unchanged: the chooser lets the user retry.
      console.info('Automatic office selection failed', e);
    }
    reconnect();
    void navigate(target, { replace: true });
  }

  return (
    <LoginForm
      audience={t('app.login.pharmacyIntro')}
      identifier={{ label: t('app.login.username'), type: 'text', autoComplete: 'username' }}
      onLogin={login}
      onCode={code}
      notice={<SessionExpiredNotice />}
    />
  );
}
