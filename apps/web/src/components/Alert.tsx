/**
 * A notice in the look of suomifi's InlineAlert for the two places that must show even when no
 * more code can load (a page chunk that failed offline, the last-resort error boundary): suomifi's
 * InlineAlert would bring styled-components into the first load (issue 24), and a lazy one
 * would not load exactly when it is needed. Every other notice uses suomifi's InlineAlert.
 */
import type { ReactNode } from 'react';

export function Alert({ status, children }: { status: 'neutral' | 'warning' | 'error'; children: ReactNode }) {
  return (
    <section className={`alert alert--${status}`}>
      <div className="alert__content">{children}</div>
    </section>
  );
}
