import { Module } from '@nestjs/common';
import { OidcClient } from '../auth/oidc.client.js';
import { CustomerController } from './customer.controller.js';
import { CustomerService } from './customer.service.js';
import { RegistrationController } from './registration.controller.js';
import { RegistrationService } from './registration.service.js';

/** The customer's side of the REST contract (SPEC section 7, Customer), with registration through strong identification. */
@Module({ controllers: [CustomerController, RegistrationController], providers: [CustomerService, RegistrationService, OidcClient] })
export class CustomerModule {}
