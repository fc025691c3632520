import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service.js';
import { PatientAccessLogController } from './patient-access-log.controller.js';

@Global()
@Module({ controllers: [PatientAccessLogController], providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
