/**
 * 'Uusittavat reseptisi' (issue 41): at the start of the renewal chat, the patient's own
 * prescriptions in Kanta's Prescription Centre that can be renewed (the rules of
 * e-prescription-rules.ts, applied by GET /my-centre-prescriptions) and that the catalogue sells.
 * Picking one continues the chat as a medicine picked in SPEC's search, which stays below it and
 * keeps the focus (the chat rendered this above its controls). A Centre that does not answer only
 * says so: the search still works.
 */
import { useQuery } from '@tanstack/react-query';
import { Button } from 'suomifi-ui-components';
import { formatDateFi, type CustomerCentrePrescriptions, type Product } from '@resepti/domain';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { t } from '../i18n/i18n';
import './centre-prescriptions-offer.css';
import 'virtual:finnish-texts/customer';

function fetchCentrePrescriptions(): Promise<CustomerCentrePrescriptions> {
  return api.get<CustomerCentrePrescriptions>('/my-centre-prescriptions', { level: 'customer' });
}

export function CentrePrescriptionsOffer({ onPick }: { onPick: (product: Product) => void }) {
  const offer = useQuery({ queryKey: queryKeys.customer.centrePrescriptions, queryFn: fetchCentrePrescriptions, staleTime: 60_000 });
  if (offer.isPending) return <p className="centre-offer__status">{t('customer.centreOffer.loading')}</p>;
  if (offer.isError || !offer.data.centreAvailable) return <p className="centre-offer__status">{t('customer.centreOffer.unavailable')}</p>;
  const prescriptions = offer.data.prescriptions;
  if (prescriptions.length === 0) return null;
  return (
    <section className="centre-offer" aria-labelledby="centre-offer-heading">
      <h3 id="centre-offer-heading" className="centre-offer__heading">
        {t('customer.centreOffer.heading')}
      </h3>
      <p className="centre-offer__intro">{t('customer.centreOffer.intro')}</p>
      <ul className="centre-offer__list">
        {prescriptions.map((p) => (
          <li key={p.id} className="centre-offer__item">
            <div>
              <strong>{p.product.displayName}</strong>
              <div className="centre-offer__details">{t('customer.centreOffer.prescribed', { date: formatDateFi(p.authoredOn), prescriber: p.prescriber })}</div>
              {p.dosageInstruction && <div className="centre-offer__details">{p.dosageInstruction}</div>}
              <div className="centre-offer__details">{t('customer.centreOffer.renewableUntil', { date: formatDateFi(p.renewableUntil) })}</div>
            </div>
            <Button variant="secondary" onClick={() => onPick(p.product)}>
              {t('customer.centreOffer.pick')}
              <span className="visually-hidden">: {p.product.displayName}</span>
            </Button>
          </li>
        ))}
      </ul>
      <p className="centre-offer__intro">{t('customer.centreOffer.orSearch')}</p>
    </section>
  );
}
