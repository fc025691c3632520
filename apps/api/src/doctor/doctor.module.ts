import { Module } from '@nestjs/common';
import { DoctorHistoryController } from './doctor-history.controller.js';
import { DoctorHistoryService } from './doctor-history.service.js';
import { DoctorNoticeController } from './doctor-notice.controller.js';
import { DoctorOrdersService } from './doctor-orders.service.js';
import { DoctorQueueController } from './doctor-queue.controller.js';
import { DoctorController } from './doctor.controller.js';
import { DoctorService } from './doctor.service.js';

/** The doctor's side of the REST contract (SPEC section 7, Doctor). */
@Module({
  controllers: [DoctorController, DoctorQueueController, DoctorHistoryController, DoctorNoticeController],
  providers: [DoctorService, DoctorOrdersService, DoctorHistoryService],
})
export class DoctorModule {}
