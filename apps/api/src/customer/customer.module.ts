import { MyAccessLogController } from './my-access-log.controller.js';
import { MyDataController } from './my-data.controller.js';
import { MyDataService } from './my-data.service.js';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { PersonalDataModule } from '../platform/personal-data/personal-data.js';
import { CustomerCartCoupon } from './customer-cart-coupon.entity.js';
import { Identification } from './identification.entity.js';
import { AuthModule } from '../accounts/auth.module.js';
import { OidcClient } from '../accounts/oidc.client.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { CustomerCartItem } from './customer-cart-item.entity.js';
import { CustomerCentrePrescriptions, CustomerCentrePrescriptionsController } from './customer-centre-prescriptions.js';
import { PrescriptionCentreModule } from '../prescription-centre/prescription-centre.module.js';
import { CustomerCartController } from './customer-cart.controller.js';
import { CustomerCartService } from './customer-cart.service.js';
import { CustomerFeedbackController } from './customer-feedback.controller.js';
import { CustomerFeedback } from './customer-feedback.entity.js';
import { CustomerFeedbackService } from './customer-feedback.service.js';
import { CustomerOrdersController } from './customer-orders.controller.js';
import { CustomerController } from './customer.controller.js';
import { Customer } from '../accounts/customer.entity.js';
import { CustomerService } from './customer.service.js';
import { RegistrationController } from './registration.controller.js';
import { RegistrationService } from './registration.service.js';

/** The customer's side of the REST contract (SPEC section 7, Customer): account, registration through strong identification, cart, orders, feedback. */
@Module({
  imports: [OrdersModule, TypeOrmModule.forFeature([Customer, CustomerFeedback, CustomerCartItem, CustomerCartCoupon, Identification]), TransactionsModule, PersonalDataModule, AuditModule, AuthModule, CatalogueModule, PrescriptionCentreModule],
  controllers: [MyAccessLogController, MyDataController, CustomerController, CustomerCartController, CustomerOrdersController, CustomerFeedbackController, RegistrationController, CustomerCentrePrescriptionsController],
  providers: [...ownRepositories([CustomerCartItem, CustomerCartCoupon, CustomerFeedback, Identification]), MyDataService, CustomerService, CustomerCartService, CustomerFeedbackService, RegistrationService, OidcClient, CustomerCentrePrescriptions],
  exports: [CustomerCartService],
})
export class CustomerModule {}
