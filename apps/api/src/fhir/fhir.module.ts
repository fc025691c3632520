import { registerErrorFormat } from '../platform/http/error-formats.js';
import { isFhirPath, writeOutcome } from './fhir-outcome.js';
import { Module } from '@nestjs/common';
import { AuditModule } from '../platform/audit/audit.module.js';
import { AuthModule } from '../accounts/auth.module.js';
import { ApiClientsModule } from '../api-clients/api-clients.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { FhirMedicationRequestController, FhirMetadataController } from './fhir.controller.js';
import { FhirMedicationRequests } from './fhir-medication-requests.service.js';
import { FhirDirectoryController } from './fhir-directory.controller.js';
import { FhirDirectory } from './fhir-directory.service.js';
import { SmartConfigurationController } from './smart-configuration.controller.js';

/**
 * A read-only FHIR R4 view (/api/fhir) of the integrators' orders: the same clients, tokens, scope
 * and audit as /api/v1; the Practitioners and Organizations its references name; SMART discovery.
 */
@Module({
  imports: [AuditModule, AuthModule, ApiClientsModule, OrdersModule],
  controllers: [FhirMetadataController, FhirMedicationRequestController, FhirDirectoryController, SmartConfigurationController],
  providers: [FhirMedicationRequests, FhirDirectory],
})
export class FhirModule {
  constructor() {
    // Every error under the FHIR base answers an OperationOutcome.
    registerErrorFormat({ matches: isFhirPath, specificity: 2, write: writeOutcome });
  }
}
