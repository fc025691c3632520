import { useNavigate } from 'react-router-dom';
import { loginDoctor } from '../api/session';
import { useSocket } from '../api/socket';
import { ROUTES } from '../routes';
import { TEXTS } from '../texts';
import { SessionExpiredNotice } from '../components/SessionExpiredNotice';
import { usePageTitle } from '../components/usePageTitle';
import { LoginForm } from './LoginForm';

/** /logindoctor (also /loginDoctor). The doctor's username is their e-mail address. */
export function DoctorLoginPage() {
  const navigate = useNavigate();
  usePageTitle(TEXTS.login.doctorIntro);
  const { reconnect } = useSocket();

  async function login(email: string, password: string) {
    await loginDoctor({ email, password });
    reconnect();
    void navigate(ROUTES.doctorQueue, { replace: true });
  }

  return (
    <LoginForm
      audience={TEXTS.login.doctorIntro}
      identifier={{ label: TEXTS.login.username, type: 'text', autoComplete: 'username' }}
      onLogin={login}
      notice={<SessionExpiredNotice />}
    />
  );
}
