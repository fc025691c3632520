/**
 * /doctor/admin: side link 'Viesti apteekeille' and the form 'Viesti kaikille apteekeille'
 * (title, additional details, 'Julkaise' switch). Switching on saves with status
 * published, off with unpublished; a published message is shown as read-only text.
 */
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { InlineAlert, Textarea, TextInput, ToggleInput } from 'suomifi-ui-components';
import { NOTICE_DETAILS_MAX, NOTICE_HEADER_MAX, type PharmacyNotice } from '@resepti/domain';
import { errorText } from '../api/error-text';
import { PageLoading } from '../components/PageLoading';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { useNotice, useSaveNotice } from './doctor-hooks';
import 'virtual:finnish-texts/app';
import 'virtual:finnish-texts/doctor';

function NoticeForm({ notice }: { notice: PharmacyNotice }) {
  const ids = useId();
  const [header, setHeader] = useState(notice.header);
  const [details, setDetails] = useState(notice.additionalDetails);
  const save = useSaveNotice();
  const published = notice.status === 'published';
  const message = save.isSuccess ? { ok: true, text: t('doctor.admin.saved') } : save.isError ? { ok: false, text: `${t('doctor.admin.saveFailed')} ${errorText(save.error)}` } : null;

  function saveAs(publish: boolean) {
    save.mutate({ id: notice.id, header: header.trim(), additionalDetails: details.trim(), status: publish ? 'published' : 'unpublished' });
  }

  return (
    <section className="notice-form" aria-labelledby={`${ids}-heading`} id="viesti-apteekeille">
      <h1 id={`${ids}-heading`}>{t('doctor.admin.form')}</h1>
      {published ? (
        <div className="notice-form__published" data-testid="published-notice">
          <p className="notice-form__label">{t('doctor.admin.published')}</p>
          <h2>{notice.header}</h2>
          {notice.additionalDetails && <p className="notice-form__details">{notice.additionalDetails}</p>}
        </div>
      ) : (
        <>
          <TextInput
            id={`${ids}-title`}
            labelText={t('doctor.admin.title')}
            value={header}
            maxLength={NOTICE_HEADER_MAX}
            onChange={(v) => setHeader(String(v ?? ''))}
            fullWidth
            mb="m"
          />
          <Textarea
            id={`${ids}-details`}
            labelText={t('doctor.admin.details')}
            value={details}
            maxLength={NOTICE_DETAILS_MAX}
            onChange={(e) => setDetails(e.target.value)}
            fullWidth
            resize="vertical"
            mb="m"
          />
        </>
      )}
      <ToggleInput checked={published} disabled={save.isPending || (!published && header.trim() === '')} onChange={saveAs}>
        {t('doctor.admin.publish')}
      </ToggleInput>
      <div role="status" aria-live="polite" className="notice-form__status">
        {message && (message.ok ? <span>{message.text}</span> : <InlineAlert status="error">{message.text}</InlineAlert>)}
      </div>
    </section>
  );
}

export function DoctorAdminPage() {
  const notice = useNotice();
  return (
    <div className="admin-page">
      <nav className="admin-page__side" aria-label={t('doctor.admin.sideNav')}>
        <ul>
          <li>
            <a href="#viesti-apteekeille" aria-current="page">
              {t('doctor.admin.notice')}
            </a>
          </li>
          <li>
            <RouterLink to={ROUTES.staffMfa}>{t('app.mfa.link')}</RouterLink>
          </li>
        </ul>
      </nav>
      <div className="admin-page__main">
        {notice.isPending && <PageLoading />}
        {notice.isError && <InlineAlert status="error">{t('app.common.unexpectedError')}</InlineAlert>}
        {notice.data && (
          // A published notice changed elsewhere (another doctor) starts a fresh form; an unpublished draft is kept.
          <NoticeForm
            key={notice.data.status === 'published' ? `published:${notice.data.header}\n${notice.data.additionalDetails}` : 'draft'}
            notice={notice.data}
          />
        )}
      </div>
    </div>
  );
}
