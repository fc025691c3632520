import { Controller, Get, Header, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../platform/http/roles.decorator.js';
import { FhirOutcomeFilter } from './fhir-outcome.js';
import { FhirMedicationRequests } from './fhir-medication-requests.service.js';
import { smartConfiguration, type SmartConfiguration } from './smart-configuration.js';

/**
 * SMART's discovery document, without a token (a client reads it to find where to get one), as
 * plain `application/json` (SMART's media type, not a FHIR resource). At the server's root, where
 * SMART clients look first, and under the FHIR base; neither is the web app's (web-host.ts) nor
 * the web API's (no /ui-api prefix, not in its OpenAPI document).
 */
@Controller()
@ApiExcludeController()
@Public()
export class SmartConfigurationController {
  constructor(private readonly requests: FhirMedicationRequests) {}

  @Get('.well-known/smart-configuration')
  @Header('Cache-Control', 'no-cache')
  atRoot(): SmartConfiguration {
    return smartConfiguration(this.requests.bases.tokenEndpoint);
  }

  @Get('api/fhir/.well-known/smart-configuration')
  @Header('Cache-Control', 'no-cache')
  @UseFilters(FhirOutcomeFilter)
  underFhirBase(): SmartConfiguration {
    return smartConfiguration(this.requests.bases.tokenEndpoint);
  }
}
