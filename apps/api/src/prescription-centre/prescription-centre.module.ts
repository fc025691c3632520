import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DevCentreResource } from './dev-centre-resource.entity.js';
import { FhirPrescriptionCentre } from './fhir-centre-client.js';
import { PRESCRIPTION_CENTRE } from './prescription-centre.port.js';

/**
 * The port to Kanta's Prescription Centre (PRESCRIPTION_CENTRE): the FHIR R4 client, aimed at
 * PRESCRIPTION_CENTRE_URL or, outside production without it, at the embedded stand-in that
 * server.ts mounts at /dev-prescription-centre/fhir (its table is registered here).
 */
@Module({
  imports: [TypeOrmModule.forFeature([DevCentreResource])],
  providers: [{ provide: PRESCRIPTION_CENTRE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new FhirPrescriptionCentre(config.prescriptionCentre) }],
  exports: [PRESCRIPTION_CENTRE],
})
export class PrescriptionCentreModule {}
