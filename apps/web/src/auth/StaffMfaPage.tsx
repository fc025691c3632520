/**
 * /kaksivaiheinen-tunnistautuminen: a doctor or pharmacy user turns TOTP on. The QR code of the
 * otpauth:// address is drawn here (qrcode-generator, no outside service), with the key to type
 * by hand, the code check and the recovery codes to print. Also reached right after the password
 * when the role must use MFA (MFA_REQUIRED_FOR): enabling then signs the user in. In the staff's
 * layout (their header and navigation); with TOTP on, 'Luo uudet varakoodit' replaces the codes.
 */
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import qrcode from 'qrcode-generator';
import { Button, Heading, InlineAlert, Paragraph, TextInput } from 'suomifi-ui-components';
import type { MfaRole, TotpSetupResponse } from '@resepti/domain';
import { isApiError } from '../api/client';
import { errorText } from '../api/error-text';
import { useSocket } from '../api/socket';
import { PageLoading } from '../components/PageLoading';
import { usePageTitle } from '../components/usePageTitle';
import { StaffLayout } from '../components/StaffLayout';
import { doctorNav, pharmacyNav } from '../components/staff-nav';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { useEnableTotp, useSetupTotp, useTotpStatus } from './mfa-hooks';
import { FormErrorAlert } from '../components/FormErrorAlert';
import { RecoveryCodes } from './RecoveryCodes';
import { RegenerateRecoveryCodes } from './RegenerateRecoveryCodes';
import { useSession } from './useSession';
import 'virtual:finnish-texts/app';

/** The QR code as SVG squares (dark modules on white, with the 4-module quiet zone). */
function QrCode({ text }: { text: string }) {
  const path = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    const parts: string[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) parts.push(`M${c + 4} ${r + 4}h1v1h-1z`);
    return { d: parts.join(''), size: n + 8 };
  }, [text]);
  return (
    <svg className="mfa-qr" role="img" aria-label={t('app.mfa.qrLabel')} viewBox={`0 0 ${path.size} ${path.size}`} width="220" height="220" shapeRendering="crispEdges">
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

function homeOf(role: MfaRole): string {
  return role === 'doctor' ? ROUTES.doctorQueue : ROUTES.pharmacyOffice;
}

export function StaffMfaPage() {
  usePageTitle(t('app.mfa.heading'));
  const ids = useId();
  const navigate = useNavigate();
  const { reconnect } = useSocket();
  const status = useTotpStatus();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const { data: pharmacyUser } = useSession('pharmacy', { enabled: status.data?.role === 'pharmacy' && (status.data.enabled || !status.data.required) });
  const start = useSetupTotp({ onSuccess: setSetup });
  const enable = useEnableTotp({ onSuccess: (answer) => setRecoveryCodes(answer.recoveryCodes) });
  const error = enable.isError ? errorText(enable.error, t('app.mfa.failed')) : start.isError ? errorText(start.error, t('app.mfa.failed')) : null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (code.trim() !== '' && !enable.isPending) enable.mutate(code.trim());
  }

  function done(role: MfaRole) {
    reconnect();
    void navigate(homeOf(role), { replace: true });
  }

  let body;
  if (status.isPending) body = <PageLoading />;
  else if (status.isError) {
    body = isApiError(status.error, 401) ? (
      <>
        <Paragraph mb="m">{t('app.mfa.signInFirst')}</Paragraph>
        <ul className="mfa-links">
          <li>
            <RouterLink to={ROUTES.doctorLogin}>{t('app.mfa.doctorLogin')}</RouterLink>
          </li>
          <li>
            <RouterLink to={ROUTES.pharmacyLogin}>{t('app.mfa.pharmacyLogin')}</RouterLink>
          </li>
        </ul>
      </>
    ) : (
      <InlineAlert status="error">{errorText(status.error)}</InlineAlert>
    );
  } else if (recoveryCodes) {
    const role = status.data.role;
    body = <RecoveryCodes codes={recoveryCodes} notice={t('app.mfa.enabledHeading')} heading={t('app.mfa.recoveryHeading')} intro={t('app.mfa.recoveryIntro')} onContinue={() => done(role)} />;
  } else if (newCodes) {
    const role = status.data.role;
    body = <RecoveryCodes codes={newCodes} heading={t('app.mfa.newCodesHeading')} intro={t('app.mfa.newCodesIntro')} onContinue={() => done(role)} />;
  } else if (status.data.enabled) {
    const role = status.data.role;
    body = (
      <>
        <Paragraph mb="m">{t('app.mfa.alreadyEnabled')}</Paragraph>
        <Button onClick={() => done(role)}>{t('app.mfa.continue')}</Button>
        <RegenerateRecoveryCodes onCodes={setNewCodes} />
      </>
    );
  } else if (!setup) {
    body = (
      <>
        {status.data.required && (
          <InlineAlert status="warning" mb="m">
            {t('app.mfa.required')}
          </InlineAlert>
        )}
        <Paragraph mb="m">{t('app.mfa.intro')}</Paragraph>
        <FormErrorAlert error={error} />
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {t('app.mfa.start')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <Heading variant="h2" mb="s">
          {t('app.mfa.step1')}
        </Heading>
        <QrCode text={setup.otpauthUrl} />
        <Paragraph mt="s" mb="xxs">
          {t('app.mfa.manualKey')}
        </Paragraph>
        <p className="mfa-key">
          <code>{setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
        </p>
        <form onSubmit={submit} noValidate aria-describedby={error ? `${ids}-error` : undefined}>
          <Heading variant="h2" mt="m" mb="s">
            {t('app.mfa.step2')}
          </Heading>
          <TextInput
            id={`${ids}-code`}
            labelText={t('app.login.codeLabel')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(v) => setCode(String(v ?? ''))}
            fullWidth
            mb="m"
          />
          <FormErrorAlert error={error} id={`${ids}-error`} />
          <Button type="submit" disabled={code.trim() === '' || enable.isPending}>
            {t('app.mfa.enable')}
          </Button>
        </form>
      </>
    );
  }

  const card = (
    <div className="card mfa-card">
      <Heading variant="h1" mb="m">
        {t('app.mfa.heading')}
      </Heading>
      {body}
    </div>
  );
  // Not signed in yet (no session, or between the password and a required setup): no role's navigation.
  const role = status.data?.role;
  const signedIn = status.data !== undefined && (status.data.enabled || !status.data.required);
  if (!role) {
    return (
      <StaffLayout nav={[]} logoutTo={ROUTES.doctorLogin}>
        {card}
      </StaffLayout>
    );
  }
  return (
    <StaffLayout nav={!signedIn ? [] : role === 'doctor' ? doctorNav() : pharmacyNav(pharmacyUser)} logoutTo={role === 'doctor' ? ROUTES.doctorLogin : ROUTES.pharmacyLogin}>
      {card}
    </StaffLayout>
  );
}
