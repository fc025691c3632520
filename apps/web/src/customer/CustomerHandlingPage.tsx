import { ComingSoon } from '../components/ComingSoon';
import { TEXTS } from '../texts';

/** /handling: campaign code and checkout. */
export function CustomerHandlingPage() {
  return <ComingSoon title={TEXTS.customer.handlingHeading} />;
}
