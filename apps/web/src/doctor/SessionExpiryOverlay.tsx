/**
 * 'Istunto sulkeutumassa' (SPEC section 2): shown two minutes before the server's idle
 * timeout (SESSION_IDLE_MINUTES since the last call, from /my-doctor-info); 'Jatka' makes a cheap authenticated call that
 * rolls the session; without it the doctor is logged out when the two minutes are up.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'suomifi-ui-components';
import { formatCountdown } from '@resepti/domain';
import { useLogout } from '../auth/useLogout';
import { ROUTES } from '../routes';
import { DOCTOR_TEXTS } from '../texts';
import { doctorApi, lastApiActivity, onApiActivity } from './doctor-api';
import { useNow } from './doctor-hooks';

export const SESSION_WARNING_MS = 2 * 60_000;

export function SessionExpiryOverlay({ idleMs, warningMs = SESSION_WARNING_MS }: { idleMs: number; warningMs?: number }) {
  const ids = useId();
  const now = useNow(1000);
  const [last, setLast] = useState(lastApiActivity);
  const [pending, setPending] = useState(false);
  const { logout } = useLogout(ROUTES.doctorLogin);
  const loggingOut = useRef(false);
  useEffect(() => onApiActivity(() => setLast(lastApiActivity())), []);

  const left = last + idleMs - now;
  const expired = left <= 0;
  useEffect(() => {
    if (expired && !loggingOut.current) {
      loggingOut.current = true;
      void logout();
    }
  }, [expired, logout]);

  if (left > warningMs) return null;

  async function keepAlive() {
    setPending(true);
    try {
      await doctorApi.me();
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="doctor-overlay" role="presentation">
      <div className="doctor-overlay__dialog" role="alertdialog" aria-modal="true" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-text`}>
        <h2 id={`${ids}-title`}>{DOCTOR_TEXTS.session.expiring}</h2>
        <p id={`${ids}-text`} aria-live="polite">
          {DOCTOR_TEXTS.session.text(formatCountdown(Math.max(0, left)))}
        </p>
        <Button autoFocus disabled={pending} onClick={() => void keepAlive()}>
          {DOCTOR_TEXTS.session.continue}
        </Button>
      </div>
    </div>
  );
}
