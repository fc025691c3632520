import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { type DataSource, type EntityManager, LessThan } from 'typeorm';
import {
  normalizeEmail,
  normalizePhone,
  parseHetu,
  VALIDATION_MESSAGES as M,
  type CustomerInfo,
  type IdentificationPurpose,
  type RegistrationData,
} from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import type { IdentifiedPerson } from '../auth/oidc.client.js';
import { hashNewPassword } from '../auth/password.js';
import type { SessionUser } from '../auth/session-user.js';
import { Customer } from './customer.entity.js';
import { CustomerService } from './customer.service.js';
import type { RegistrationDto } from './dto/customer-account.dto.js';
import { Identification } from './identification.entity.js';
import { isUniqueViolation } from '../database/errors.js';

/** How long an identification can be used to register or to set a new password. */
export const IDENTIFICATION_TTL_MINUTES = 30;

/** Registration and password reset through strong identification. */
@Injectable()
export class RegistrationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly customers: CustomerService,
    private readonly audit: AuditService,
  ) {}

  /** Stores the identified person; the session keeps only the returned random id. */
  async storeIdentification(person: IdentifiedPerson, purpose: IdentificationPurpose): Promise<string> {
    const id = randomBytes(32).toString('hex');
    await this.db.transaction(async (m) => {
      await m.delete(Identification, { expiresAt: LessThan(new Date()) });
      await m.insert(Identification, {
        id,
        ...person,
        purpose,
        expiresAt: new Date(Date.now() + IDENTIFICATION_TTL_MINUTES * 60_000),
      });
    });
    return id;
  }

  async forget(identificationId: string | undefined): Promise<void> {
    if (identificationId) await this.db.getRepository(Identification).delete({ id: identificationId });
  }

  /** GET /registration */
  async registrationData(identificationId: string | undefined): Promise<RegistrationData> {
    const identification = await this.valid(this.db.manager, identificationId);
    const registered = await this.db.getRepository(Customer).existsBy({ hetu: identification.hetu });
    const { hetu, firstName, lastName, purpose } = identification;
    return { hetu, firstName, lastName, purpose, registered };
  }

  /** POST /my-user: a new customer from the identification and the wizard's answers. */
  async register(identificationId: string | undefined, dto: RegistrationDto): Promise<SessionUser> {
    // Cheap check first: no password hashing (argon2) for requests without an identification.
    const person = await this.valid(this.db.manager, identificationId);
    const passwordHash = await hashNewPassword(dto.password, [person.firstName, person.lastName, dto.email]);
    const email = normalizeEmail(dto.email);
    try {
      return await this.db.transaction(async (m) => {
        const identification = await this.valid(m, identificationId, true);
        const sex = parseHetu(identification.hetu)?.sex;
        if (!sex) throw new NotFoundException(M.identificationMissing);
        if (await m.existsBy(Customer, { hetu: identification.hetu })) throw new ConflictException(M.alreadyRegistered);
        if (await m.existsBy(Customer, { email })) throw new ConflictException(M.emailTaken);
        const inserted = await m.insert(Customer, {
          hetu: identification.hetu,
          firstName: identification.firstName,
          lastName: identification.lastName,
          email,
          phone: normalizePhone(dto.phone),
          passwordHash,
          sex,
          marketingAllowed: dto.marketingAllowed,
          approvedEulaVersion: dto.approvedEulaVersion,
          eulaAcceptedAt: new Date(),
        });
        const user: SessionUser = { role: 'customer', id: (inserted.identifiers[0] as { id: number }).id };
        await m.delete(Identification, { id: identification.id });
        await this.audit.record(user, { action: 'customer.registered', patientHetu: identification.hetu }, m);
        return user;
      });
    } catch (e) {
      // Two registrations racing past the checks: the unique indexes decide.
      if (isUniqueViolation(e)) throw new ConflictException(String((e as { detail?: string }).detail ?? '').includes('email') ? M.emailTaken : M.alreadyRegistered);
      throw e;
    }
  }

  /** POST /registration/reset-password: the identified customer's new password (the caller ends their other sessions). */
  async resetPassword(identificationId: string | undefined, newPassword: string): Promise<SessionUser> {
    const person = await this.valid(this.db.manager, identificationId);
    const passwordHash = await hashNewPassword(newPassword, [person.firstName, person.lastName]);
    return this.db.transaction(async (m) => {
      const identification = await this.valid(m, identificationId, true);
      const customer = await m.findOneBy(Customer, { hetu: identification.hetu });
      if (!customer) throw new NotFoundException(M.notRegistered);
      await m.update(Customer, { id: customer.id }, { passwordHash });
      await m.delete(Identification, { id: identification.id });
      const user: SessionUser = { role: 'customer', id: customer.id };
      await this.audit.record(user, { action: 'customer.password-reset', patientHetu: customer.hetu }, m);
      return user;
    });
  }

  info(user: SessionUser): Promise<CustomerInfo> {
    return this.customers.info(user.id);
  }

  private async valid(m: EntityManager, id: string | undefined, lock = false): Promise<Identification> {
    const identification = id
      ? await m.findOne(Identification, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!identification || identification.expiresAt.getTime() <= Date.now()) throw new NotFoundException(M.identificationMissing);
    return identification;
  }
}
