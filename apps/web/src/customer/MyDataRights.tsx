/**
 * /profile, 'Omat tietoni': who has read the customer's data ('Kuka on katsonut tietojani', from
 * the audit trail: a row per actor, purpose and day with how many times, a page at a time),
 * 'Lataa omat tietoni' (the data as a JSON file, and the same as a printable page) and 'Poista tili'.
 */
import { Button, InlineAlert, Paragraph } from 'suomifi-ui-components';
import { date } from '../i18n/format';
import { PageLoading } from '../components/PageLoading';
import { t } from '../i18n/i18n';
import { CloseAccount } from './CloseAccount';
import { MY_DATA_PAGE_URL, MY_DATA_URL } from './customer-api';
import { useMyAccessLog } from './customer-hooks';
import 'virtual:finnish-texts/customer';

export function MyDataRights() {
  const log = useMyAccessLog();
  const entries = log.data?.pages.flatMap((p) => p.entries);
  return (
    <>
      <p className="my-data__download">
        <a href={MY_DATA_URL} download>
          {t('customer.profile.download')}
        </a>
      </p>
      <Paragraph mb="m" className="hint">
        {t('customer.profile.downloadHint')}
      </Paragraph>
      <p className="my-data__download">
        <a href={MY_DATA_PAGE_URL} target="_blank" rel="noopener">
          {t('customer.profile.readable')}
        </a>
      </p>
      <Paragraph mb="l" className="hint">
        {t('customer.profile.readableHint')}
      </Paragraph>
      <h3 className="my-data__heading">{t('customer.profile.accessLogHeading')}</h3>
      <Paragraph mb="m">{t('customer.profile.accessLogIntro')}</Paragraph>
      {log.isPending && <PageLoading />}
      {log.isError && <InlineAlert status="error">{t('customer.profile.accessLogFailed')}</InlineAlert>}
      {entries && entries.length === 0 && <Paragraph>{t('customer.profile.accessLogEmpty')}</Paragraph>}
      {entries && entries.length > 0 && (
        <ul className="access-log" aria-label={t('customer.profile.accessLogHeading')}>
          {entries.map((e, i) => (
            <li key={`${e.time}-${i}`} className="access-log__entry">
              <span className="access-log__time">{date(e.time)}</span>
              <span className="access-log__actor">{e.actor}</span>
              <span className="access-log__action">
                {e.action} <span className="access-log__count">({t('customer.accessLog.count', { count: e.count })})</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} className="access-log__more">
          {t('customer.profile.accessLogMore')}
        </Button>
      )}
      <CloseAccount />
    </>
  );
}
