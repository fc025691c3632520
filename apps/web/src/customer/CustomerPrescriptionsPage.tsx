import { ComingSoon } from '../components/ComingSoon';
import { TEXTS } from '../texts';

/** /reseptit: the customer's prescriptions (Reseptit). */
export function CustomerPrescriptionsPage() {
  return <ComingSoon title={TEXTS.customer.prescriptionsHeading} />;
}
