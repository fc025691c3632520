/**
 * The admin's view of a user's two-step sign-in (TOTP) on /adminapteekki: whether it is on, and
 * 'Nollaa kaksivaiheinen tunnistautuminen' for a user who lost their phone (asked first; the
 * server checks the user is of the admin's pharmacy and audits the reset).
 */
import { useState } from 'react';
import { Button, Heading, Paragraph } from 'suomifi-ui-components';
import { errorText } from '../api/error-text';
import { ConfirmAction } from '../components/ConfirmAction';
import { t } from '../i18n/i18n';
import { useResetPharmacyUserMfa } from './pharmacy-hooks';
import 'virtual:finnish-texts/pharmacy';

export function UserMfaReset({ userId, enabled }: { userId: number; enabled: boolean }) {
  const [done, setDone] = useState(false);
  const reset = useResetPharmacyUserMfa({ onSuccess: () => setDone(true) });
  return (
    <div className="pharmacy-admin__mfa">
      <Heading variant="h3" mb="xs">
        {t('pharmacy.admin.mfaHeading')}
      </Heading>
      <div role="status" aria-live="polite">
        <Paragraph mb="s">{done ? t('pharmacy.admin.mfaResetDone') : enabled ? t('pharmacy.admin.mfaOn') : t('pharmacy.admin.mfaOff')}</Paragraph>
        {reset.isError && <p className="ph-error">{errorText(reset.error)}</p>}
      </div>
      {enabled && !done && (
        <ConfirmAction question={t('pharmacy.admin.mfaResetQuestion')} confirmLabel={t('pharmacy.admin.mfaResetConfirm')} onConfirm={() => reset.mutate(userId)}>
          {(ask) => (
            <Button variant="secondary" onClick={ask} disabled={reset.isPending}>
              {t('pharmacy.admin.mfaReset')}
            </Button>
          )}
        </ConfirmAction>
      )}
    </div>
  );
}
