import { LoadingSpinner } from 'suomifi-ui-components';
import { TEXTS } from '../texts';

export function PageLoading() {
  return (
    <div className="page-loading">
      <LoadingSpinner text={TEXTS.common.loading} textAlign="right" />
    </div>
  );
}
