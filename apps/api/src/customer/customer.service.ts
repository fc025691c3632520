import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CustomerInfo } from '@resepti/domain';
import { Customer } from './customer.entity.js';

@Injectable()
export class CustomerService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async info(customerId: number): Promise<CustomerInfo> {
    const c = await this.db.getRepository(Customer).findOneBy({ id: customerId });
    if (!c) throw new NotFoundException('Käyttäjää ei löydy');
    return { id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, sex: c.sex, approvedEulaVersion: c.approvedEulaVersion };
  }
}
