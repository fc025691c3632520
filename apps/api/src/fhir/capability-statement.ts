import type { CapabilityStatement } from '@medplum/fhirtypes';
import { INTEGRATOR_API_VERSION } from '@resepti/domain';
import { FHIR_JSON } from './fhir-outcome.js';
import { FHIR_PAGE_DEFAULT, FHIR_PAGE_MAX } from './fhir-search.js';

/** What the FHIR view does (GET /api/fhir/metadata): read and search MedicationRequest, JSON only, R4. */
export function capabilityStatement(base: string, date: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: 'Resepti',
    kind: 'instance',
    software: { name: 'Resepti', version: INTEGRATOR_API_VERSION },
    implementation: { description: 'Resepti: a pharmacy’s renewal requests and the doctors’ decisions, read-only', url: base },
    fhirVersion: '4.0.1',
    format: [FHIR_JSON, 'json'],
    rest: [
      {
        mode: 'server',
        documentation: `Read-only. The integrator API's Bearer tokens (POST /api/oauth/token, client credentials): each client sees its own pharmacy's order items (its offices', when it is limited to some). Every read is audited. Pages of ${FHIR_PAGE_DEFAULT} (_count up to ${FHIR_PAGE_MAX}); follow the Bundle's next link.`,
        security: {
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth' }], text: 'OAuth 2.0 client credentials' }],
          description: 'Authorization: Bearer <token from POST /api/oauth/token>',
        },
        resource: [
          {
            type: 'MedicationRequest',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            versioning: 'no-version',
            readHistory: false,
            updateCreate: false,
            searchParam: [
              {
                name: '_lastUpdated',
                definition: 'http://hl7.org/fhir/SearchParameter/Resource-lastUpdated',
                type: 'date',
                documentation: 'The prefixes gt, ge, lt and le, up to two values (a window). The last change of the item’s order.',
              },
            ],
          },
        ],
      },
    ],
  };
}
