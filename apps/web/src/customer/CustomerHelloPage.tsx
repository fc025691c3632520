/** /hello: reached after accepting the agreement at registration. */
import { Link } from 'react-router-dom';
import { Heading, Paragraph } from 'suomifi-ui-components';
import { useSession } from '../auth/useSession';
import { CUSTOMER_CHAT_PARAM, ROUTES } from '../routes/routes';
import { CUSTOMER_TEXTS } from '../i18n/texts';

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
      {/* Straight into the chat: on a phone the chat is a view of its own, opened by ?haku. */}
      <Link className="button-link button-link--primary" to={`${ROUTES.customerPrescriptions}?${CUSTOMER_CHAT_PARAM}`}>
        {CUSTOMER_TEXTS.hello.start}
      </Link>
    </section>
  );
}
