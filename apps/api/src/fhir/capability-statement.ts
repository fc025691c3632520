import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { INTEGRATOR_API_VERSION } from '@resepti/domain';
import { FHIR_JSON } from './fhir-outcome.js';
import { FHIR_PAGE_DEFAULT, FHIR_PAGE_MAX } from './fhir-search.js';
import { oauthUris } from './smart-configuration.js';

/** A resource type that is only read by id: where the MedicationRequests' references lead. */
const referenced = (type: 'Practitioner' | 'Organization', documentation: string): CapabilityStatementRestResource => ({
  type,
  documentation,
  interaction: [{ code: 'read' }],
  versioning: 'no-version',
  readHistory: false,
  updateCreate: false,
});

/**
 * What the FHIR view does (GET /api/fhir/metadata): read and search MedicationRequest, read the
 * Practitioners and Organizations its references name; JSON only, R4; SMART's token endpoint.
 */
export function capabilityStatement(bases: { fhir: string; tokenEndpoint: string }, date: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: 'Resepti',
    kind: 'instance',
    software: { name: 'Resepti', version: INTEGRATOR_API_VERSION },
    implementation: { description: 'Resepti: a pharmacy’s renewal requests and the doctors’ decisions, read-only', url: bases.fhir },
    fhirVersion: '4.0.1',
    format: [FHIR_JSON, 'json'],
    rest: [
      {
        mode: 'server',
        documentation: `Read-only. The integrator API's Bearer tokens (POST /api/oauth/token, client credentials; SMART configuration at .well-known/smart-configuration): each client sees its own pharmacy's order items (its offices', when it is limited to some). Every read is audited. Pages of ${FHIR_PAGE_DEFAULT} (_count up to ${FHIR_PAGE_MAX}); follow the Bundle's next link. Prefer: handling=strict refuses unknown search parameters.`,
        security: {
          extension: [oauthUris(bases.tokenEndpoint)],
          service: [
            { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth' }], text: 'OAuth 2.0 client credentials' },
            { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }] },
          ],
          description: 'Authorization: Bearer <token from POST /api/oauth/token>',
        },
        resource: [
          {
            type: 'MedicationRequest',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            // meta.versionId and a weak ETag of it; If-None-Match answers 304 (no vread, no history).
            versioning: 'versioned',
            readHistory: false,
            updateCreate: false,
            conditionalRead: 'not-match',
            searchParam: [
              {
                name: '_lastUpdated',
                definition: 'http://hl7.org/fhir/SearchParameter/Resource-lastUpdated',
                type: 'date',
                documentation: 'The prefixes gt, ge, lt and le, up to two values (a window). The last change of the item’s order.',
              },
            ],
          },
          referenced('Practitioner', 'The doctor who picked or decided one of the client’s orders (requester, performer); Practitioner/sandbox is the simulated doctor of sandbox orders.'),
          referenced('Organization', 'The client’s pharmacy (pharmacy-<id>) and its offices (office-<id>, dispenseRequest.performer and a proposal’s requester).'),
        ],
      },
    ],
  };
}
