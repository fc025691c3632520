import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { NoticesModule } from '../notices/notices.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { PrescriptionCentreModule } from '../prescription-centre/prescription-centre.module.js';
import { CentreFacts } from './centre-facts.service.js';
import { CentreHistory } from './centre-history.service.js';
import { PatientContextReader } from './patient-context.service.js';
import { Prescribing } from './prescribing.service.js';
import { DoctorHistoryController } from './doctor-history.controller.js';
import { DoctorHistoryService } from './doctor-history.service.js';
import { DoctorNoticeController } from './doctor-notice.controller.js';
import { DoctorQueueController } from './doctor-queue.controller.js';
import { DoctorController } from './doctor.controller.js';
import { DoctorEPrescriptionsController } from './doctor-e-prescriptions.controller.js';
import { Doctor } from '../accounts/doctor.entity.js';
import { DoctorService } from './doctor.service.js';

/** The doctor's side of the REST contract (SPEC section 7, Doctor). */
@Module({
  imports: [TypeOrmModule.forFeature([Doctor]), AuditModule, OrdersModule, NoticesModule, CatalogueModule, PrescriptionCentreModule],
  controllers: [DoctorController, DoctorQueueController, DoctorHistoryController, DoctorNoticeController, DoctorEPrescriptionsController],
  providers: [DoctorService, DoctorHistoryService, Prescribing, CentreHistory, CentreFacts, PatientContextReader],
})
export class DoctorModule {}
