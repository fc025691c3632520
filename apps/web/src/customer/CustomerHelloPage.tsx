/** /hello: reached after accepting the agreement at registration. */
import { Link } from 'react-router-dom';
import { Heading, Paragraph } from 'suomifi-ui-components';
import { useSession } from '../auth/useSession';
import { CUSTOMER_CHAT_PARAM, ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import 'virtual:finnish-texts/customer';

export function CustomerHelloPage() {
  const customer = useSession('customer').data;
  return (
    <section className="customer-hello card" aria-labelledby="hello-heading">
      <Heading variant="h1" id="hello-heading">
        {t('customer.hello.heading', { firstName: customer?.firstName ?? '' })}
      </Heading>
      <Paragraph mt="s" mb="m">
        {t('customer.hello.text')}
      </Paragraph>
      {/* Straight into the chat: on a phone the chat is a view of its own, opened by ?haku. */}
      <Link className="button-link button-link--primary" to={`${ROUTES.customerPrescriptions}?${CUSTOMER_CHAT_PARAM}`}>
        {t('customer.hello.start')}
      </Link>
    </section>
  );
}
