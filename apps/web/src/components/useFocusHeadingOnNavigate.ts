/**
 * After a route change, focus moves to the new page's main heading (issue 27: it used to fall to
 * the body), so a keyboard or screen-reader user starts at the top of the new page. Not on the
 * first page load, and not when the page has put the focus somewhere itself (a form's first field).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a lazily loaded page may take to show its heading (frames, about 3 s). */
const MAX_FRAMES = 180;

export function useFocusHeadingOnNavigate(): void {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (key === 'default') return; // the first page load
    let frames = 0;
    let raf = 0;
    const tryFocus = () => {
      const active = document.activeElement;
      // The page moved the focus into itself: leave it there.
      if (active instanceof HTMLElement && active !== document.body && active.closest('#main') && !active.matches('#main h1')) return;
      const heading = document.querySelector<HTMLElement>('#main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (++frames < MAX_FRAMES) raf = requestAnimationFrame(tryFocus);
    };
    raf = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(raf);
    // Only a new page moves the focus (not a change of its query, such as opening the chat).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
