import { Module } from '@nestjs/common';
import { CustomerController } from './customer.controller.js';
import { CustomerService } from './customer.service.js';

/** The customer's side of the REST contract (SPEC section 7, Customer). */
@Module({ controllers: [CustomerController], providers: [CustomerService] })
export class CustomerModule {}
