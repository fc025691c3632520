import { Injectable } from '@nestjs/common';
import type { Organization, Practitioner } from '@medplum/fhirtypes';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import { Pharmacy } from '../accounts/pharmacy.entity.js';
import { PharmacyOffice } from '../accounts/pharmacy-office.entity.js';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { OrderReads } from '../orders/order-reads.service.js';
import { clientScope } from '../orders/order-scope.js';
import { parseOrganizationId, parsePractitionerId, toOfficeOrganization, toPharmacyOrganization, toPractitioner } from './fhir-directory-resources.js';

/**
 * The targets of the MedicationRequests' references, scoped like the items: a client reads the
 * doctors of its own orders (who picked or decided one of the orders it sees; for a sandbox
 * client, the simulated doctor), its own pharmacy, and its offices (all of the pharmacy's, or the
 * ones it is limited to). Anything else is null (404): another pharmacy's doctor or office is not
 * revealed.
 */
@Injectable()
export class FhirDirectory {
  constructor(
    private readonly orders: OrderReads,
    @InjectOwn(Pharmacy) private readonly pharmacies: OwnRepository<Pharmacy>,
    @InjectOwn(PharmacyOffice) private readonly offices: OwnRepository<PharmacyOffice>,
  ) {}

  async practitioner(client: ApiClient, id: string): Promise<Practitioner | null> {
    const doctorId = parsePractitionerId(id);
    if (doctorId === null) return null;
    const row = await this.orders.practitioner(clientScope(client), doctorId);
    return row ? toPractitioner(doctorId, row) : null;
  }

  async organization(client: ApiClient, id: string): Promise<Organization | null> {
    const wanted = parseOrganizationId(id);
    if (!wanted) return null;
    if (wanted.kind === 'pharmacy') {
      if (wanted.id !== client.pharmacyId) return null;
      const pharmacy = await this.pharmacies.repo.findOneBy({ id: wanted.id });
      return pharmacy ? toPharmacyOrganization(pharmacy) : null;
    }
    if (client.officeIds.length > 0 && !client.officeIds.includes(wanted.id)) return null;
    const office = await this.offices.repo.findOne({ where: { id: wanted.id, pharmacyId: client.pharmacyId }, relations: { pharmacy: true } });
    return office ? toOfficeOrganization({ id: office.id, name: office.name, pharmacyId: office.pharmacyId, pharmacyName: office.pharmacy?.name ?? '' }) : null;
  }
}
