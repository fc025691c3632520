/**
 * The workbench's content while the server cannot be reached: a notice that the data shown may
 * be stale, and every control disabled (one fieldset), since no action could succeed. Focus
 * returns where it was once the server answers again. A page whose code did not load waits here,
 * inside the layout, and loads when the server is back (RouteBoundary).
 */
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteBoundary } from './lazy-route';
import { CardSkeletons } from './Skeleton';
import { useServerUnreachable } from '../api/connection';
import { t } from '../i18n/i18n';
import 'virtual:finnish-texts/app';

export function OfflineGuard({ children }: { children: ReactNode }) {
  const offline = useServerUnreachable();
  const { pathname } = useLocation();
  const focused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (offline) {
      focused.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const previous = focused.current;
    focused.current = null;
    if (previous?.isConnected && (document.activeElement === document.body || document.activeElement === null)) previous.focus();
  }, [offline]);

  return (
    <>
      <div role="status" aria-live="polite" className="offline-notice-slot">
        {offline && <p className="offline-notice">{t('app.live.offlineNote')}</p>}
      </div>
      <fieldset className={`offline-guard${offline ? ' offline-guard--stale' : ''}`} disabled={offline} aria-busy={offline || undefined}>
        <RouteBoundary key={pathname}>
          <Suspense fallback={<CardSkeletons />}>{children}</Suspense>
        </RouteBoundary>
      </fieldset>
    </>
  );
}
