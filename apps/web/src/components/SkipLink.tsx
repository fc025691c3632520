import { t } from '../i18n/i18n';

/** First focusable element of every layout: jumps over the header to the main content. */
export function SkipToContent() {
  return (
    <a className="skip-link" href="#main">
      {t('app.common.skipToContent')}
    </a>
  );
}
