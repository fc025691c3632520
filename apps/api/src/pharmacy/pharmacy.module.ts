import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { AuthModule } from '../accounts/auth.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { NoticesModule } from '../notices/notices.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { PharmacyCartItem } from './pharmacy-cart-item.entity.js';
import { RedisModule } from '../platform/redis/redis.module.js';
import { PharmacyCartController } from './pharmacy-cart.controller.js';
import { PharmacyCart } from './pharmacy-cart.entity.js';
import { PharmacyCartService } from './pharmacy-cart.service.js';
import { PharmacyNoticeController } from './pharmacy-notice.controller.js';
import { PharmacyOfficeController } from './pharmacy-office.controller.js';
import { PharmacyOffice } from '../accounts/pharmacy-office.entity.js';
import { PharmacyOfficeService } from './pharmacy-office.service.js';
import { PharmacyOrdersController } from './pharmacy-orders.controller.js';
import { PharmacyOrdersService } from './pharmacy-orders.service.js';
import { PharmacyUserAdminController } from './pharmacy-user-admin.controller.js';
import { PharmacyUserAdminService } from './pharmacy-user-admin.service.js';
import { PharmacyUser } from '../accounts/pharmacy-user.entity.js';
import { PharmacyController } from './pharmacy.controller.js';
import { PharmacyService } from './pharmacy.service.js';

/** The pharmacy's side of the REST contract (SPEC section 7, Pharmacy). */
@Module({
  imports: [TypeOrmModule.forFeature([PharmacyUser, PharmacyOffice, PharmacyCart, PharmacyCartItem]), TransactionsModule, AuditModule, AuthModule, CatalogueModule, OrdersModule, NoticesModule, RedisModule],
  controllers: [
    PharmacyController,
    PharmacyOfficeController,
    PharmacyCartController,
    PharmacyOrdersController,
    PharmacyNoticeController,
    PharmacyUserAdminController,
  ],
  providers: [...ownRepositories([PharmacyCart, PharmacyCartItem]), PharmacyService, PharmacyOfficeService, PharmacyCartService, PharmacyOrdersService, PharmacyUserAdminService],
})
export class PharmacyModule {}
