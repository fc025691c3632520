import { useEffect } from 'react';
import { TEXTS } from '../i18n/texts';

/** The tab names the screen: 'Historia – Resepti' (put back to 'Resepti' when the screen closes). */
export function usePageTitle(screen: string | null): void {
  useEffect(() => {
    if (screen === null) return;
    document.title = `${screen} – ${TEXTS.appName}`;
    return () => void (document.title = TEXTS.appName);
  }, [screen]);
}
