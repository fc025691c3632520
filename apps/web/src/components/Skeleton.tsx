/**
 * Placeholders in the shape of what is loading (instead of a blank spinner): the page keeps
 * its layout while the data arrives. Screen readers hear 'Ladataan…' once.
 */
import { t } from '../i18n/i18n';

export function CardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className="skeleton-list" aria-busy="true">
      <span className="visually-hidden">{t('app.common.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton skeleton--card" aria-hidden="true">
          <div className="skeleton__line skeleton__line--title" />
          <div className="skeleton__line" />
          <div className="skeleton__line skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}

/** A staff workbench while the session and the first data load: header bar and two columns. */
export function WorkbenchSkeleton() {
  return (
    <div className="layout layout--workbench" aria-busy="true">
      <div className="role-header skeleton-header" aria-hidden="true" />
      <main id="main" className="workbench-main">
        <span className="visually-hidden" role="status">
          {t('app.common.loading')}
        </span>
        <div className="skeleton-columns" aria-hidden="true">
          <div className="skeleton skeleton--panel">
            <div className="skeleton__line skeleton__line--title" />
            <div className="skeleton__line" />
            <div className="skeleton__line skeleton__line--short" />
          </div>
          <div className="skeleton skeleton--panel">
            <div className="skeleton__line skeleton__line--title" />
            <div className="skeleton__line" />
            <div className="skeleton__line" />
            <div className="skeleton__line skeleton__line--short" />
          </div>
        </div>
      </main>
    </div>
  );
}
