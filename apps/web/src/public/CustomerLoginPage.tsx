import { useNavigate } from 'react-router-dom';
import { loginCustomer } from '../api/session';
import { useSocket } from '../api/socket';
import { PASSWORD_RESET_START_URL, ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { SessionExpiredNotice } from '../components/SessionExpiredNotice';
import { LoginForm } from './LoginForm';
import 'virtual:finnish-texts/app';

/** /login: e-mail and password; a forgotten password goes through bank identification. */
export function CustomerLoginPage() {
  const navigate = useNavigate();
  const { reconnect } = useSocket();

  async function login(email: string, password: string) {
    await loginCustomer({ email, password });
    reconnect();
    void navigate(ROUTES.customerPrescriptions, { replace: true });
  }

  return (
    <LoginForm
      audience={t('app.login.customerIntro')}
      identifier={{ label: t('app.login.email'), type: 'email', autoComplete: 'email' }}
      onLogin={login}
      notice={<SessionExpiredNotice />}
      footer={
        <a className="text-link" href={PASSWORD_RESET_START_URL}>
          {t('app.login.forgotPassword')}
        </a>
      }
    />
  );
}
