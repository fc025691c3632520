/** /hello: reached after accepting the agreement at registration. */
import { Link } from 'react-router-dom';
import { Heading, Paragraph } from 'suomifi-ui-components';
import { useSession } from '../auth/useSession';
import { ROUTES } from '../routes';
import { CUSTOMER_TEXTS } from '../texts';

export function CustomerHelloPage() {
  const customer = useSession('customer').data;
  return (
    <section className="customer-hello card" aria-labelledby="hello-heading">
      <Heading variant="h1" id="hello-heading">
        {CUSTOMER_TEXTS.hello.heading(customer?.firstName ?? '')}
      </Heading>
      <Paragraph mt="s" mb="m">
        {CUSTOMER_TEXTS.hello.text}
      </Paragraph>
      <Link className="button-link button-link--primary" to={ROUTES.customerPrescriptions}>
        {CUSTOMER_TEXTS.hello.start}
      </Link>
    </section>
  );
}
