/**
 * 'Luo uudet varakoodit' on the two-step sign-in page of a staff user with TOTP on: the password
 * and a current code from the authenticator; the old recovery codes stop working and the new
 * ones are shown once (RecoveryCodes).
 */
import { type FormEvent, useId, useState } from 'react';
import { Button, Heading, Paragraph, TextInput } from 'suomifi-ui-components';
import { errorText } from '../api/error-text';
import { FormErrorAlert } from '../components/FormErrorAlert';
import { PasswordInput } from '../components/PasswordInput';
import { t } from '../i18n/i18n';
import { useRegenerateRecoveryCodes } from './mfa-hooks';
import 'virtual:finnish-texts/app';

export function RegenerateRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const ids = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const regenerate = useRegenerateRecoveryCodes({ onSuccess: (answer) => onCodes(answer.recoveryCodes) });
  const error = regenerate.isError ? errorText(regenerate.error, t('app.mfa.regenerateFailed')) : null;
  const errorId = error ? `${ids}-error` : undefined;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (password !== '' && code.trim() !== '' && !regenerate.isPending) regenerate.mutate({ password, code: code.trim() });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="mfa-regenerate">
      <Heading variant="h2" id={`${ids}-heading`} mt="l" mb="s">
        {t('app.mfa.regenerateHeading')}
      </Heading>
      <Paragraph mb="m">{t('app.mfa.regenerateIntro')}</Paragraph>
      <form onSubmit={submit} noValidate aria-describedby={errorId}>
        <PasswordInput id={`${ids}-password`} labelText={t('app.mfa.password')} autoComplete="current-password" value={password} onChange={setPassword} errorId={errorId} />
        <TextInput
          id={`${ids}-code`}
          labelText={t('app.login.codeLabel')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(v) => setCode(String(v ?? ''))}
          status={errorId ? 'error' : 'default'}
          aria-describedby={errorId}
          fullWidth
          mb="m"
        />
        <FormErrorAlert error={error} id={`${ids}-error`} />
        <Button type="submit" disabled={password === '' || code.trim() === '' || regenerate.isPending}>
          {t('app.mfa.regenerate')}
        </Button>
      </form>
    </section>
  );
}
