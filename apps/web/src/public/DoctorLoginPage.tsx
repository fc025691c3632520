import { useNavigate } from 'react-router-dom';
import { loginDoctor, loginMfa } from '../api/session';
import { useSocket } from '../api/socket';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { SessionExpiredNotice } from '../components/SessionExpiredNotice';
import { usePageTitle } from '../components/usePageTitle';
import { LoginForm } from './LoginForm';
import 'virtual:finnish-texts/app';

/** /logindoctor (also /loginDoctor). The doctor's username is their e-mail address. */
export function DoctorLoginPage() {
  const navigate = useNavigate();
  usePageTitle(t('app.login.doctorIntro'));
  const { reconnect } = useSocket();

  function signedIn() {
    reconnect();
    void navigate(ROUTES.doctorQueue, { replace: true });
  }

  async function login(email: string, password: string): Promise<void | 'code'> {
    const answer = await loginDoctor({ email, password });
    if (answer.mfaRequired) return 'code';
    if (answer.mfaSetupRequired) return void navigate(ROUTES.staffMfa, { replace: true });
    signedIn();
  }

  async function code(value: string) {
    await loginMfa(value);
    signedIn();
  }

  return (
    <LoginForm
      audience={t('app.login.doctorIntro')}
      identifier={{ label: t('app.login.username'), type: 'text', autoComplete: 'username' }}
      onLogin={login}
      onCode={code}
      notice={<SessionExpiredNotice />}
    />
  );
}
