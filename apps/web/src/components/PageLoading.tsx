import { lazy, Suspense } from 'react';
import { t } from '../i18n/i18n';

/** The text alone, while the spinner's code loads or when it could not be loaded (offline). */
function LoadingText({ text }: { text: string }) {
  return <span className="page-loading__text">{text}</span>;
}

// suomifi's spinner brings styled-components: it loads on first use, not with the landing page (issue 24).
const Spinner = lazy(() => import('./Spinner').then((m) => ({ default: m.Spinner }), () => ({ default: LoadingText })));

export function PageLoading() {
  return (
    <div className="page-loading">
      <Suspense fallback={<LoadingText text={t('app.common.loading')} />}>
        <Spinner text={t('app.common.loading')} />
      </Suspense>
    </div>
  );
}
