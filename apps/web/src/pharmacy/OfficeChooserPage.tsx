/** /toimipaikka: 'Valitse toimipaikkasi', one button per office (name, id, level). */
import { useNavigate } from 'react-router-dom';
import { Heading, InlineAlert, LoadingSpinner, Paragraph } from 'suomifi-ui-components';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { usePageTitle } from '../components/usePageTitle';
import { usePharmacyOffices, useSelectOffice } from './pharmacy-hooks';
import 'virtual:finnish-texts/app';

export function OfficeChooserPage() {
  usePageTitle(t('app.pharmacy.officeChooserHeading'));
  const navigate = useNavigate();
  const offices = usePharmacyOffices();
  const choose = useSelectOffice({ onSuccess: () => void navigate(ROUTES.pharmacyWorkbench) });

  return (
    <section className="office-chooser" aria-labelledby="page-heading">
      <Heading variant="h1" id="page-heading" mb="m">
        {t('app.pharmacy.officeChooserHeading')}
      </Heading>

      <div role="alert" aria-live="assertive">
        {choose.isError && (
          <InlineAlert status="error" mb="m">
            {t('app.pharmacy.officeFailed')}
          </InlineAlert>
        )}
        {offices.isError && (
          <InlineAlert status="error" mb="m">
            {t('app.common.unexpectedError')}
          </InlineAlert>
        )}
      </div>

      {offices.isPending && <LoadingSpinner text={t('app.common.loading')} textAlign="right" />}

      {offices.data && offices.data.length === 0 && <Paragraph>{t('app.pharmacy.noOffices')}</Paragraph>}

      {offices.data && offices.data.length > 0 && (
        <ul className="office-list" aria-label={t('app.pharmacy.officesLabel')}>
          {offices.data.map((office) => (
            <li key={office.id}>
              <button
                type="button"
                className="office-button"
                disabled={choose.isPending}
                onClick={() => choose.mutate(office.id)}
              >
                <span className="office-button__name">{office.name}</span>
                <span className="office-button__meta">{t('app.pharmacy.officeId', { id: office.id })}</span>
                <span className="office-button__meta">{t('app.pharmacy.officeLevel', { level: office.level })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
