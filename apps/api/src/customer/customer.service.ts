import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, Not, QueryFailedError } from 'typeorm';
import { normalizeEmail, normalizePhone, VALIDATION_MESSAGES as M, type CustomerInfo } from '@resepti/domain';
import { hashNewPassword } from '../auth/password.js';
import { Customer } from './customer.entity.js';
import type { ContactDetailsDto } from './dto/customer-account.dto.js';

function toInfo(c: Customer): CustomerInfo {
  return { id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, sex: c.sex, approvedEulaVersion: c.approvedEulaVersion };
}

@Injectable()
export class CustomerService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async info(customerId: number): Promise<CustomerInfo> {
    const c = await this.db.getRepository(Customer).findOneBy({ id: customerId });
    if (!c) throw new NotFoundException('Käyttäjää ei löydy');
    return toInfo(c);
  }

  /** PATCH /my-user: e-mail (unique, stored lower-case) and phone (spaces stripped). */
  async updateContact(customerId: number, dto: ContactDetailsDto): Promise<CustomerInfo> {
    const changes: Partial<Customer> = {};
    if (dto.email !== undefined) changes.email = normalizeEmail(dto.email);
    if (dto.phone !== undefined) changes.phone = normalizePhone(dto.phone);
    try {
      return await this.db.transaction(async (m) => {
        if (changes.email && (await m.existsBy(Customer, { email: changes.email, id: Not(customerId) }))) throw new ConflictException(M.emailTaken);
        if (Object.keys(changes).length > 0) await m.update(Customer, { id: customerId }, changes);
        const c = await m.findOneBy(Customer, { id: customerId });
        if (!c) throw new NotFoundException('Käyttäjää ei löydy');
        return toInfo(c);
      });
    } catch (e) {
      if (e instanceof QueryFailedError && (e as { code?: unknown }).code === '23505') throw new ConflictException(M.emailTaken);
      throw e;
    }
  }

  /** POST /my-user/change-password */
  async changePassword(customerId: number, newPassword: string): Promise<void> {
    const customer = await this.db.getRepository(Customer).findOneByOrFail({ id: customerId });
    const passwordHash = await hashNewPassword(newPassword, [customer.firstName, customer.lastName, customer.email]);
    await this.db.getRepository(Customer).update({ id: customerId }, { passwordHash });
  }
}
