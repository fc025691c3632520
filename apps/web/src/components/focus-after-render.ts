/**
 * "Focus this element once it is on screen": after an action whose result React renders next
 * (a code applied, a payment refused, a banner or a modal gone), the focus goes to that result
 * or to the next step, scrolled into view, instead of falling to the page's body where a
 * keyboard or screen-reader user loses their place (issue 45). One helper for every such case.
 */

/** How long the result may take to appear (frames, about 1 s: a refetch after a mutation). */
const MAX_FRAMES = 60;

/** Focuses `element` (made focusable by script when it is not, e.g. a heading) and scrolls it into view. */
export function focusAndReveal(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'nearest' });
}

/**
 * Waits for `find` to return a connected element (checked each frame, so the render that shows it
 * has happened), then focuses it and scrolls it into view. `find` may give a list of candidates:
 * the first one present wins. Returns a function that stops waiting.
 */
export function focusAfterRender(find: () => HTMLElement | null | undefined | ReadonlyArray<HTMLElement | null | undefined>): () => void {
  let frames = 0;
  let raf = 0;
  const attempt = () => {
    const found = find();
    const target = Array.isArray(found) ? found.find((e) => e?.isConnected) : (found as HTMLElement | null | undefined);
    if (target?.isConnected && !target.closest('[inert], [aria-hidden="true"]')) return focusAndReveal(target);
    if (++frames < MAX_FRAMES) raf = requestAnimationFrame(attempt);
  };
  raf = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(raf);
}

/** The page's main heading (#main h1): where the focus goes when the thing it was on is gone. */
export function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1');
}
