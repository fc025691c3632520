import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditChainHead, AuditLog } from './audit-log.entity.js';
import { AuditService } from './audit.service.js';
import { PatientAccessLogController } from './patient-access-log.controller.js';
import { PatientAccessLogService } from './patient-access-log.service.js';

/** The audit trail: every module records through AuditService; a patient's access log is read from it. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditLog, AuditChainHead])],
  controllers: [PatientAccessLogController],
  providers: [AuditService, PatientAccessLogService],
  exports: [AuditService, PatientAccessLogService],
})
export class AuditModule {}
