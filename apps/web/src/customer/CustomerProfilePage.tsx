import { ComingSoon } from '../components/ComingSoon';
import { TEXTS } from '../texts';

/** /profile: the customer's account (Oma tili). */
export function CustomerProfilePage() {
  return <ComingSoon title={TEXTS.customer.profileHeading} />;
}
