/**
 * /adminapteekki: the pharmacy's integrator clients (pharmacy systems using the API), with the
 * offices each may act for, and revocation (asked first; the system's calls stop at once).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Heading } from 'suomifi-ui-components';
import { formatDateFi } from '@resepti/domain';
import { fetchUsersOffices } from '../api/pharmacy-offices';
import { queryKeys } from '../api/query-keys';
import { ConfirmAction } from '../components/ConfirmAction';
import { PHARMACY_TEXTS, TEXTS } from '../texts';
import { fetchApiClients, revokeApiClient } from './pharmacy-api';

const T = PHARMACY_TEXTS.admin;

export function ApiClientsPanel() {
  const queryClient = useQueryClient();
  // The admin's offices name the ids (an admin has every office of the pharmacy).
  const offices = useQuery({ queryKey: queryKeys.pharmacy.offices, queryFn: fetchUsersOffices });
  const officeName = (id: number) => offices.data?.find((o) => o.id === id)?.name ?? String(id);
  const clients = useQuery({ queryKey: queryKeys.pharmacy.apiClients, queryFn: fetchApiClients });
  const revoke = useMutation({
    mutationFn: revokeApiClient,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.pharmacy.apiClients }),
  });
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
