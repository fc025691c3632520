import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CustomerInfo } from '@resepti/domain';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import type { SessionUser } from '../auth/session-user.js';
import { CustomerService } from './customer.service.js';

@ApiTags('customer')
@Controller()
@Roles('customer')
export class CustomerController {
  constructor(private readonly customers: CustomerService) {}

  @Get('my-user')
  myUser(@CurrentUser() user: SessionUser): Promise<CustomerInfo> {
    return this.customers.info(user.id);
  }
}
