/** /reseptitapteekki 'Työpöytä': 'Reseptin tilaus' on the left, the order list on the right. Needs a selected office. */
import { Navigate } from 'react-router-dom';
import { Heading } from 'suomifi-ui-components';
import { CardSkeletons } from '../components/Skeleton';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { usePageTitle } from '../components/usePageTitle';
import { OrderList } from './OrderList';
import { OrderRequestPanel } from './OrderRequestPanel';
import { useSessionOffice } from './pharmacy-hooks';
import 'virtual:finnish-texts/pharmacy';

export function PharmacyWorkbenchPage() {
  usePageTitle(t('pharmacy.workbench.heading'));
  const office = useSessionOffice();
  if (office.isPending || (office.isFetching && !office.data)) return <CardSkeletons count={2} />;
  if (office.isSuccess && office.data === null) return <Navigate to={ROUTES.pharmacyOffice} replace />;
  return (
    <div className="pharmacy-workbench">
      <div className="pharmacy-workbench__title">
        <Heading variant="h1" id="page-heading">
          {t('pharmacy.workbench.heading')}
        </Heading>
        {office.data && (
          <span className="pharmacy-workbench__office">
            {office.data.name} ({office.data.level})
          </span>
        )}
      </div>
      <div className="pharmacy-workbench__columns">
        <OrderRequestPanel />
        <OrderList />
      </div>
    </div>
  );
}
