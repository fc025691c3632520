/**
 * The queue screen without a current order (SPEC section 2): counts, 'Seuraava työ',
 * the 1 s countdown to the next expiring order (overtime style once past due) or
 * 'Ei tilauksia jonossa', and the 20 min / 12 h table in 'kpl'.
 */
import { useEffect, useRef } from 'react';
import { Button, InlineAlert } from 'suomifi-ui-components';
import { formatCountdown, type SystemStatus } from '@resepti/domain';
import { t } from '../i18n/i18n';
import { useNow } from './doctor-hooks';
import 'virtual:finnish-texts/doctor';

function Countdown({ deadline }: { deadline: string }) {
  const now = useNow(1000);
  const left = new Date(deadline).getTime() - now;
  const overtime = left < 0;
  return (
    <span className={`countdown${overtime ? ' countdown--overtime' : ''}`} data-testid="countdown">
      {formatCountdown(left)}
      {overtime && <span className="countdown__note"> ({t('doctor.queue.overtime')})</span>}
    </span>
  );
}

interface WelcomePanelProps {
  firstName: string;
  /** The doctor's Valvira register number (undefined while loading; null: approvals are refused). */
  registerNumber?: string | null;
  status: SystemStatus | undefined;
  picking: boolean;
  error: string | null;
  onPick: () => void;
}

export function WelcomePanel({ firstName, registerNumber, status, picking, error, onPick }: WelcomePanelProps) {
  const waiting = status?.waitingForDoctor ?? 0;
  // Back from an order ('Sulje', 'Palauta jonoon'): the keyboard continues at 'Seuraava työ'.
  const rootRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    rootRef.current?.querySelector<HTMLElement>('.welcome-panel__next button:not([disabled])')?.focus();
  }, [waiting]);
  return (
    <section className="welcome-panel" aria-labelledby="welcome-heading" ref={rootRef}>
      <h2 id="welcome-heading">{firstName ? t('doctor.queue.welcomeName', { firstName }) : t('doctor.queue.welcome')}</h2>
      {registerNumber === null ? (
        <InlineAlert status="warning">{t('doctor.queue.registerNumberMissing')}</InlineAlert>
      ) : registerNumber ? (
        <p className="welcome-panel__register" data-testid="register-number">
          {t('doctor.queue.registerNumber', { number: registerNumber })}
        </p>
      ) : null}
      <div className="welcome-panel__grid">
        <dl className="welcome-panel__counts" aria-live="polite">
          <div>
            <dt>{t('doctor.queue.waiting')}</dt>
            <dd data-testid="waiting-count">{waiting}</dd>
          </div>
          <div>
            <dt>{t('doctor.queue.processing')}</dt>
            <dd data-testid="processing-count">{status?.processing ?? 0}</dd>
          </div>
        </dl>
        <div className="welcome-panel__next">
          <Button disabled={waiting === 0 || picking} onClick={onPick}>
            {t('doctor.queue.nextWork')}
          </Button>
          <div role="alert">{error && <InlineAlert status="error">{error}</InlineAlert>}</div>
        </div>
        <div className="welcome-panel__expiring">
          {status?.nextOrderExpiring ? (
            <>
              <span className="welcome-panel__label">{t('doctor.queue.nextExpiring')}</span> <Countdown deadline={status.nextOrderExpiring} />
            </>
          ) : (
            <span>{t('doctor.queue.noOrders')}</span>
          )}
        </div>
        <table className="queue-table">
          <caption>{t('doctor.queue.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('doctor.queue.option')}</th>
              <th scope="col">{t('doctor.queue.count')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('doctor.queue.option20min')}</th>
              <td data-testid="count-20min">{t('doctor.queue.pcs', { n: status?.count20min ?? 0 })}</td>
            </tr>
            <tr>
              <th scope="row">{t('doctor.queue.option12h')}</th>
              <td data-testid="count-12h">{t('doctor.queue.pcs', { n: status?.count12h ?? 0 })}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
