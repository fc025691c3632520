import { Module } from '@nestjs/common';
import { OidcClient } from '../auth/oidc.client.js';
import { CustomerCartController } from './customer-cart.controller.js';
import { CustomerCartService } from './customer-cart.service.js';
import { CustomerController } from './customer.controller.js';
import { CustomerFeedbackController } from './customer-feedback.controller.js';
import { CustomerFeedbackService } from './customer-feedback.service.js';
import { CustomerOrdersController } from './customer-orders.controller.js';
import { CustomerService } from './customer.service.js';
import { RegistrationController } from './registration.controller.js';
import { RegistrationService } from './registration.service.js';

/** The customer's side of the REST contract (SPEC section 7, Customer): account, registration through strong identification, cart, orders, feedback. */
@Module({
  controllers: [CustomerController, CustomerCartController, CustomerOrdersController, CustomerFeedbackController, RegistrationController],
  providers: [CustomerService, CustomerCartService, CustomerFeedbackService, RegistrationService, OidcClient],
  exports: [CustomerCartService],
})
export class CustomerModule {}
