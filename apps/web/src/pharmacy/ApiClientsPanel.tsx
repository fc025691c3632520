/**
 * /adminapteekki: the pharmacy's integrator clients (pharmacy systems using the API), with the
 * offices each may act for, and revocation (asked first; the system's calls stop at once).
 */
import { Button, Heading } from 'suomifi-ui-components';
import { formatDateFi } from '@resepti/domain';
import { ConfirmAction } from '../components/ConfirmAction';
import { t } from '../i18n/i18n';
import { useApiClients, usePharmacyOffices, useRevokeApiClient } from './pharmacy-hooks';
import 'virtual:finnish-texts/pharmacy';

export function ApiClientsPanel() {
  // The admin's offices name the ids (an admin has every office of the pharmacy).
  const offices = usePharmacyOffices();
  const officeName = (id: number) => offices.data?.find((o) => o.id === id)?.name ?? String(id);
  const clients = useApiClients();
  const revoke = useRevokeApiClient();
  const list = clients.data ?? [];
  return (
    <section className="pharmacy-admin__panel pharmacy-admin__integrations" aria-labelledby="integrations-heading">
      <Heading variant="h2" id="integrations-heading" mb="s">
        {t('pharmacy.admin.integrationsHeading')}
      </Heading>
      {clients.isError && <p className="ph-error">{t('app.common.unexpectedError')}</p>}
      {clients.isSuccess && list.length === 0 && <p>{t('pharmacy.admin.integrationsEmpty')}</p>}
      <ul className="user-list">
        {list.map((c) => (
          <li key={c.id} className="integration">
            <strong>{c.name}</strong> <code>{c.clientId}</code>
            <span className="user-list__meta">
              {c.officeIds.length ? t('pharmacy.admin.integrationOffices', { offices: c.officeIds.map(officeName).join(', ') }) : t('pharmacy.admin.integrationAllOffices')} ·{' '}
              {c.revoked ? t('pharmacy.admin.integrationRevoked', { date: formatDateFi(c.revoked) }) : t('pharmacy.admin.integrationActive')}
              {c.sandbox && ` · ${t('pharmacy.admin.integrationSandbox')}`}
            </span>
            {!c.revoked && (
              <ConfirmAction question={t('pharmacy.admin.revokeIntegrationQuestion', { name: c.name })} confirmLabel={t('pharmacy.admin.revokeIntegration')} onConfirm={() => revoke.mutate(c.id)}>
                {(ask) => (
                  <Button variant="secondary" onClick={ask} disabled={revoke.isPending}>
                    {t('pharmacy.admin.revokeIntegration')}
                  </Button>
                )}
              </ConfirmAction>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
