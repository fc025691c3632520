/** Header: the doctors' published notice; clicking it toggles this pharmacist's read mark. */
import { t } from '../i18n/i18n';
import { useDoctorsNotice, useSetNoticeRead } from './pharmacy-hooks';
import 'virtual:finnish-texts/pharmacy';

export function NoticeBanner() {
  const { notice: published, readMark } = useDoctorsNotice();
  const toggle = useSetNoticeRead();

  const notice = published.data;
  if (!notice) return null;
  const checked = readMark.data?.checked ?? false;
  return (
    <div className="pharmacy-notice" aria-live="polite">
      <button
        type="button"
        className={`pharmacy-notice__button${checked ? '' : ' pharmacy-notice__button--unread'}`}
        aria-pressed={checked}
        title={checked ? t('pharmacy.notice.markUnread') : t('pharmacy.notice.markRead')}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!checked)}
      >
        <span className="visually-hidden">{t('pharmacy.notice.label')}: </span>
        {!checked && <span className="pharmacy-notice__badge">{t('pharmacy.notice.unread')}</span>}
        <span className="pharmacy-notice__header">{notice.header}</span>
        {notice.additionalDetails && <span className="pharmacy-notice__details">{notice.additionalDetails}</span>}
      </button>
    </div>
  );
}
