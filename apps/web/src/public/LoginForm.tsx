/**
 * The login card shared by the three login screens (SPEC section 2): heading
 * 'Kirjaudu sisään', an identifier field and 'Salasana', the button 'Kirjaudu' disabled
 * until both fields are non-empty, Enter submits, a failure shows the login-failure text.
 * A staff user with TOTP is then asked for the 6-digit code ('Vahvistuskoodi') in the same card.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link as RouterLinkBase } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Heading, Paragraph, TextInput } from 'suomifi-ui-components';
import { isApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { forgetSessions } from '../api/signed-in';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { PublicLayout } from '../components/PublicLayout';
import { FormErrorAlert } from '../components/FormErrorAlert';
import 'virtual:finnish-texts/app';

export interface LoginIdentifierField {
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
}

interface LoginFormProps {
  /** Who logs in here, shown above the heading. */
  audience: string;
  identifier: LoginIdentifierField;
  /**
   * Resolves when signed in and navigated, or with 'code' when the code must follow (onCode);
   * rejects with the login call's error.
   */
  onLogin: (identifier: string, password: string) => Promise<void | 'code'>;
  /** The code after the password: resolves when signed in and navigated. */
  onCode?: (code: string) => Promise<void>;
  /** Extra content under the button (e.g. the forgotten-password link). */
  footer?: ReactNode;
  /** Shown above the fields (e.g. why the user is here: the session ended). */
  notice?: ReactNode;
}

/** Wrong credentials (401) and malformed ones (400) get the one login-failure text: no hint which. */
function failureText(error: unknown): string {
  return isApiError(error, 401) || isApiError(error, 400) ? t('app.login.failed') : errorText(error);
}

export function LoginForm({ audience, identifier, onLogin, onCode, footer, notice }: LoginFormProps) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({ mutationFn: (credentials: { id: string; password: string }) => onLogin(credentials.id, credentials.password) });
  const askCode = login.data === 'code' && onCode !== undefined;
  // Signed in and on the way to the user's page: the form stays busy.
  const pending = login.isPending || (login.isSuccess && !askCode);
  const error = login.isError ? failureText(login.error) : null;

  // Whoever was signed in before is forgotten when a login screen opens.
  useEffect(() => forgetSessions(queryClient), [queryClient]);

  const canSubmit = id.trim() !== '' && password !== '' && !pending;
  if (askCode) return <CodeStep audience={audience} onCode={onCode} />;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!canSubmit) return;
    login.mutate({ id: id.trim(), password });
  }

  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <div className="card login-card">
          <RouterLinkBase to={ROUTES.home} className="back-link">
            <span aria-hidden="true">← </span>
            {t('app.common.backToHome')}
          </RouterLinkBase>
          <Paragraph className="eyebrow" mt="m">
            {audience}
          </Paragraph>
          <Heading variant="h1" mb="m">
            {t('app.login.heading')}
          </Heading>
          {notice}
          <form onSubmit={submit} noValidate aria-describedby={error ? `${ids}-error` : undefined}>
            <TextInput
              id={`${ids}-identifier`}
              labelText={identifier.label}
              type={identifier.type}
              name="identifier"
              autoComplete={identifier.autoComplete}
              value={id}
              onChange={(v) => setId(String(v ?? ''))}
              fullWidth
              autoFocus
              mb="m"
            />
            <TextInput
              id={`${ids}-password`}
              labelText={t('app.login.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(v) => setPassword(String(v ?? ''))}
              fullWidth
              mb="m"
            />
            <FormErrorAlert error={error} id={`${ids}-error`} />
            <Button type="submit" disabled={!canSubmit} fullWidth>
              {t('app.login.submit')}
            </Button>
          </form>
          {footer && <div className="login-card__footer">{footer}</div>}
        </div>
      </main>
    </PublicLayout>
  );
}

/** The second step of a staff login: the authenticator's code (or a recovery code). */
function CodeStep({ audience, onCode }: { audience: string; onCode: (code: string) => Promise<void> }) {
  const ids = useId();
  const [code, setCode] = useState('');
  const check = useMutation({ mutationFn: onCode });
  const busy = check.isPending || check.isSuccess;
  const error = check.isError ? errorText(check.error, t('app.login.codeFailed')) : null;
  const canSubmit = code.trim() !== '' && !busy;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (canSubmit) check.mutate(code.trim());
  }

  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <div className="card login-card">
          <Paragraph className="eyebrow">{audience}</Paragraph>
          <Heading variant="h1" mb="m">
            {t('app.login.heading')}
          </Heading>
          <form onSubmit={submit} noValidate aria-describedby={error ? `${ids}-error` : undefined}>
            <TextInput
              id={`${ids}-code`}
              labelText={t('app.login.codeLabel')}
              hintText={t('app.login.codeHint')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(v) => setCode(String(v ?? ''))}
              fullWidth
              autoFocus
              mb="m"
            />
            <FormErrorAlert error={error} id={`${ids}-error`} />
            <Button type="submit" disabled={!canSubmit} fullWidth>
              {t('app.login.codeSubmit')}
            </Button>
          </form>
        </div>
      </main>
    </PublicLayout>
  );
}
