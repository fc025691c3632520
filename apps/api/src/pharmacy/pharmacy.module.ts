import { Module } from '@nestjs/common';
import { PharmacyCartController } from './pharmacy-cart.controller.js';
import { PharmacyCartService } from './pharmacy-cart.service.js';
import { PharmacyNoticeController } from './pharmacy-notice.controller.js';
import { PharmacyOfficeController } from './pharmacy-office.controller.js';
import { PharmacyOfficeService } from './pharmacy-office.service.js';
import { PharmacyOrdersController } from './pharmacy-orders.controller.js';
import { PharmacyOrdersService } from './pharmacy-orders.service.js';
import { PharmacyUserAdminController } from './pharmacy-user-admin.controller.js';
import { PharmacyUserAdminService } from './pharmacy-user-admin.service.js';
import { PharmacyController } from './pharmacy.controller.js';
import { PharmacyService } from './pharmacy.service.js';

/** The pharmacy's side of the REST contract (SPEC section 7, Pharmacy). */
@Module({
  controllers: [
    PharmacyController,
    PharmacyOfficeController,
    PharmacyCartController,
    PharmacyOrdersController,
    PharmacyNoticeController,
    PharmacyUserAdminController,
  ],
  providers: [PharmacyService, PharmacyOfficeService, PharmacyCartService, PharmacyOrdersService, PharmacyUserAdminService],
})
export class PharmacyModule {}
