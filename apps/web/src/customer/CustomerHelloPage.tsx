import { ComingSoon } from '../components/ComingSoon';
import { TEXTS } from '../texts';

/** /hello: reached after accepting the agreement at registration. */
export function CustomerHelloPage() {
  return <ComingSoon title={TEXTS.customer.helloHeading} />;
}
