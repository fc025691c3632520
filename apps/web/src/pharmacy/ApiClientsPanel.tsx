/**
 * /adminapteekki: the pharmacy's integrator clients (pharmacy systems using the API), with the
 * offices each may act for, and revocation (asked first; the system's calls stop at once).
 */
import { Button, Heading } from 'suomifi-ui-components';
import { formatDateFi } from '@resepti/domain';
import { ConfirmAction } from '../components/ConfirmAction';
import { PHARMACY_TEXTS, TEXTS } from '../i18n/texts';
import { useApiClients, usePharmacyOffices, useRevokeApiClient } from './pharmacy-hooks';

const T = PHARMACY_TEXTS.admin;

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
        {T.integrationsHeading}
      </Heading>
      {clients.isError && <p className="ph-error">{TEXTS.common.unexpectedError}</p>}
      {clients.isSuccess && list.length === 0 && <p>{T.integrationsEmpty}</p>}
      <ul className="user-list">
        {list.map((c) => (
          <li key={c.id} className="integration">
            <strong>{c.name}</strong> <code>{c.clientId}</code>
            <span className="user-list__meta">
              {c.officeIds.length ? T.integrationOffices(c.officeIds.map(officeName).join(', ')) : T.integrationAllOffices} ·{' '}
              {c.revoked ? T.integrationRevoked(formatDateFi(c.revoked)) : T.integrationActive}
              {c.sandbox && ` · ${T.integrationSandbox}`}
            </span>
            {!c.revoked && (
              <ConfirmAction question={T.revokeIntegrationQuestion(c.name)} confirmLabel={T.revokeIntegration} onConfirm={() => revoke.mutate(c.id)}>
                {(ask) => (
                  <Button variant="secondary" onClick={ask} disabled={revoke.isPending}>
                    {T.revokeIntegration}
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
