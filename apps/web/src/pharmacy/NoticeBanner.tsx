/** Header: the doctors' published notice; clicking it toggles this pharmacist's read mark. */
import { PHARMACY_TEXTS } from '../i18n/texts';
import { useDoctorsNotice, useSetNoticeRead } from './pharmacy-hooks';

const T = PHARMACY_TEXTS.notice;

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
        title={checked ? T.markUnread : T.markRead}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!checked)}
      >
        <span className="visually-hidden">{T.label}: </span>
        {!checked && <span className="pharmacy-notice__badge">{T.unread}</span>}
        <span className="pharmacy-notice__header">{notice.header}</span>
        {notice.additionalDetails && <span className="pharmacy-notice__details">{notice.additionalDetails}</span>}
      </button>
    </div>
  );
}
