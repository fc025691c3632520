/**
 * 'Istunto sulkeutumassa' (SPEC section 2), for every signed-in role: shown two minutes before
 * the server's idle timeout, counted from the user's own last action (see `markUserActivity`
 * in api/client.ts; background refetches do not count, so an unattended screen logs out).
 * 'Jatka' makes a cheap authenticated call that rolls the session; without it the user is
 * logged out when the time is up and lands on the login page, which says why.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'suomifi-ui-components';
import { formatCountdown } from '@resepti/domain';
import { lastUserActivity, loginPathFor, onUserActivity, type UserLevel } from '../api/client';
import { useLogout } from '../api/useLogout';
import { t } from '../i18n/i18n';
import 'virtual:finnish-texts/app';

const SESSION_WARNING_MS = 2 * 60_000;

interface SessionExpiryOverlayProps {
  /** The user level whose login page follows the automatic logout. */
  level: UserLevel;
  /** The server's idle timeout (SESSION_IDLE_MINUTES), in ms. */
  idleMs: number;
  /** 'Jatka': an authenticated call marked as activity. */
  onContinue: () => Promise<unknown>;
  warningMs?: number;
}

export function SessionExpiryOverlay({ level, idleMs, onContinue, warningMs = SESSION_WARNING_MS }: SessionExpiryOverlayProps) {
  const ids = useId();
  const [now, setNow] = useState(() => Date.now());
  const [last, setLast] = useState(lastUserActivity);
  const [pending, setPending] = useState(false);
  const { logout } = useLogout(loginPathFor(level, { expired: true }));
  const loggingOut = useRef(false);
  useEffect(() => onUserActivity(() => setLast(lastUserActivity())), []);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const left = last + idleMs - now;
  const expired = left <= 0;
  const warning = left <= warningMs;
  useEffect(() => {
    if (expired && !loggingOut.current) {
      loggingOut.current = true;
      logout();
    }
  }, [expired, logout]);

  // Focus goes to 'Jatka' when the prompt opens and back where it was when it closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!warning) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (returnFocus.current?.isConnected) returnFocus.current.focus();
    };
  }, [warning]);

  if (!warning) return null;

  async function keepAlive() {
    setPending(true);
    try {
      await onContinue();
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="session-overlay" role="presentation">
      <div
        className="session-overlay__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-text`}
        onKeyDown={(e) => {
          // The only control: Tab stays on it.
          if (e.key === 'Tab') e.preventDefault();
        }}
      >
        <h2 id={`${ids}-title`}>{t('app.session.expiring')}</h2>
        <p id={`${ids}-text`}>{t('app.session.text', { time: formatCountdown(Math.max(0, left)) })}</p>
        <Button autoFocus disabled={pending} onClick={() => void keepAlive()}>
          {t('app.session.continue')}
        </Button>
      </div>
    </div>
  );
}
