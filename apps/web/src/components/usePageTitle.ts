import { useEffect } from 'react';
import { t } from '../i18n/i18n';

/** The tab names the screen: 'Historia – Resepti' (put back to 'Resepti' when the screen closes). */
export function usePageTitle(screen: string | null): void {
  useEffect(() => {
    if (screen === null) return;
    document.title = `${screen} – ${t('app.appName')}`;
    return () => void (document.title = t('app.appName'));
  }, [screen]);
}
