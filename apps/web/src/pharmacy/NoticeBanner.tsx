/** Header: the doctors' published notice; clicking it toggles this pharmacist's read mark. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, SOCKET_EVENTS } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { refetchOnPush, useLiveQuery } from '../api/useLiveQuery';
import { PHARMACY_TEXTS } from '../texts';
import { fetchMessage, fetchMessageStatus, setMessageChecked } from './pharmacy-api';

const T = PHARMACY_TEXTS.notice;
const REFETCH_ON_NOTICE_UPDATE = { [SOCKET_EVENTS.noticeUpdated]: refetchOnPush };

export function NoticeBanner() {
  const queryClient = useQueryClient();
  const message = useLiveQuery({ queryKey: queryKeys.pharmacy.message, queryFn: fetchMessage, pollIntervalMs: POLL_INTERVAL_MS.pharmacy, onPush: REFETCH_ON_NOTICE_UPDATE });
  const status = useLiveQuery({ queryKey: queryKeys.pharmacy.messageStatus, queryFn: fetchMessageStatus, pollIntervalMs: POLL_INTERVAL_MS.pharmacy, onPush: REFETCH_ON_NOTICE_UPDATE });
  const toggle = useMutation({
    mutationFn: (checked: boolean) => setMessageChecked(checked),
    onSuccess: (next) => queryClient.setQueryData(queryKeys.pharmacy.messageStatus, next),
  });

  const notice = message.data;
  if (!notice) return null;
  const checked = status.data?.checked ?? false;
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
