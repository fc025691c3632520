import { Controller, Get, Param, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Organization, Practitioner } from '@medplum/fhirtypes';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { AuditedReads, CurrentClient, IntegratorAudit, IntegratorGuard } from '../api-clients/integrator-access.js';
import { FhirJson } from './fhir.controller.js';
import { FhirError } from './fhir-outcome.js';
import { FhirDirectory } from './fhir-directory.service.js';

const notFound = (type: string, id: string) => new FhirError(404, 'resource_not_found', { about: `${type}/${id.slice(0, 64)}` });

/**
 * Where the MedicationRequests' references lead (GET /api/fhir/Practitioner/{id},
 * /api/fhir/Organization/{id}): the same tokens, limit and audit as the items (a row per call;
 * they hold no patient's data, so no order or patient is named), scoped by FhirDirectory.
 */
@Controller('api/fhir')
@FhirJson()
@UseGuards(IntegratorGuard)
@UseInterceptors(IntegratorAudit)
@AuditedReads(() => ({ one: null, listed: [] }))
export class FhirDirectoryController {
  constructor(private readonly directory: FhirDirectory) {}

  @Get('Practitioner/:id')
  async practitioner(@CurrentClient() client: ApiClient, @Param('id') id: string): Promise<Practitioner> {
    const resource = await this.directory.practitioner(client, id);
    if (!resource) throw notFound('Practitioner', id);
    return resource;
  }

  @Get('Organization/:id')
  async organization(@CurrentClient() client: ApiClient, @Param('id') id: string): Promise<Organization> {
    const resource = await this.directory.organization(client, id);
    if (!resource) throw notFound('Organization', id);
    return resource;
  }
}
