/**
 * 'Poista tili' on /profile ('Omat tietoni'): a confirmation modal says what goes and what stays
 * ('Reseptitiedot säilytetään lain edellyttämän ajan'), asks for the password and has the
 * action first, styled as destructive (red), not as the primary action. On success every session of the account has ended: the browser leaves for the
 * closed-account page.
 */
import { type FormEvent, useId, useState } from 'react';
import { Button, Modal, ModalContent, ModalFooter, ModalTitle, Paragraph } from 'suomifi-ui-components';
import { VALIDATION_MESSAGES } from '@resepti/domain';
import { errorText } from '../api/error-text';
import { useLeaveSignedIn } from '../api/useLogout';
import { FormErrorAlert } from '../components/FormErrorAlert';
import { PasswordInput } from '../components/PasswordInput';
import { ROUTES } from '../routes/routes';
import { t, localized } from '../i18n/i18n';
import { useCloseAccount } from './customer-hooks';
import 'virtual:finnish-texts/customer';
import 'virtual:finnish-texts/shared';

export function CloseAccount() {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const leaveSignedIn = useLeaveSignedIn();
  const close = useCloseAccount({
    onSuccess: () => leaveSignedIn(ROUTES.accountClosed),
    onError: (e) => setError(errorText(e, t('customer.profile.closeFailed'))),
  });
  const busy = close.isPending || close.isSuccess;

  function cancel() {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setError(null);
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!password) return setError(localized(VALIDATION_MESSAGES.passwordForAccountClose));
    setError(null);
    close.mutate({ password });
  }

  return (
    <>
      <h3 className="my-data__heading">{t('customer.profile.closeHeading')}</h3>
      <Paragraph mb="m">{t('customer.profile.closeIntro')}</Paragraph>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('customer.profile.closeButton')}
      </Button>
      <Modal appElementId="root" visible={open} onEscKeyDown={cancel} ariaLabelledBy={`${ids}-title`}>
        <form onSubmit={submit} noValidate>
          <ModalContent>
            <ModalTitle id={`${ids}-title`}>{t('customer.profile.closeModalHeading')}</ModalTitle>
            <Paragraph mb="s">{t('customer.profile.closeIntro')}</Paragraph>
            <Paragraph mb="s">
              <strong>{t('customer.profile.closeKept')}</strong>
            </Paragraph>
            <Paragraph mb="m">{t('customer.profile.closeAgain')}</Paragraph>
            <PasswordInput id={`${ids}-password`} labelText={t('customer.profile.closePassword')} autoComplete="current-password" value={password} onChange={setPassword} errorId={error ? `${ids}-error` : undefined} mb="s" />
            <FormErrorAlert id={`${ids}-error`} error={error} />
          </ModalContent>
          <ModalFooter>
            <Button type="submit" disabled={busy} className="button--destructive">
              {t('customer.profile.closeConfirm')}
            </Button>
            <Button type="button" variant="secondary" onClick={cancel} disabled={busy}>
              {t('app.common.cancel')}
            </Button>
          </ModalFooter>
        </form>
      </Modal>
    </>
  );
}
