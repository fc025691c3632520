import { TEXTS } from '../i18n/texts';

/** First focusable element of every layout: jumps over the header to the main content. */
export function SkipToContent() {
  return (
    <a className="skip-link" href="#main">
      {TEXTS.common.skipToContent}
    </a>
  );
}
