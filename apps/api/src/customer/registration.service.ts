import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { IsNull, LessThan, MoreThan } from 'typeorm';
import {
  ageOn,
  EMAIL_TAKEN_CODE,
  helsinkiIsoDate,
  normalizeEmail,
  normalizePhone,
  parseHetu,
  VALIDATION_MESSAGES as M,
  type CustomerInfo,
  type IdentificationPurpose,
  type Language,
  type RegistrationData,
} from '@resepti/domain';
import { localizeMessage } from '@resepti/domain/locales';
import { AuditService } from '../platform/audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { IdentifiedPerson } from '../accounts/oidc.client.js';
import { LoginThrottle, PASSWORD_WORK_THROTTLED_MESSAGE, passwordWorkKeys, type RequestOrigin } from '../accounts/login-throttle.js';
import { hashPassword } from '../accounts/password.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { Customer } from '../accounts/customer.entity.js';
import { CustomerService } from './customer.service.js';
import type { RegistrationDto } from './dto/customer-account.dto.js';
import { Identification } from './identification.entity.js';
import { isUniqueViolation } from '../platform/database/errors.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';

/** How long an identification can be used to register or to set a new password. */
export const IDENTIFICATION_TTL_MINUTES = 30;

/** Registration or reset tries per identification, whatever their outcome (a typo'd, taken e-mail may be corrected). */
export const IDENTIFICATION_MAX_ATTEMPTS = 3;

/** 409 'Sähköpostiosoite on jo käytössä.' with its code: the wizard returns to the e-mail step by the code, in any language. */
function emailTaken(): ConflictException {
  return new ConflictException({ statusCode: 409, message: M.emailTaken, error: 'Conflict', code: EMAIL_TAKEN_CODE });
}

/** Registration and password reset through strong identification. */
@Injectable()
export class RegistrationService {
  constructor(
    @InjectOwn(Customer) private readonly customerRows: OwnRepository<Customer>,
    @InjectOwn(Identification) private readonly identifications: OwnRepository<Identification>,
    private readonly transactions: Transactions,
    private readonly customers: CustomerService,
    private readonly audit: AuditService,
    private readonly throttle: LoginThrottle,
    private readonly bus: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Stores the identified person; the session keeps only the returned random id. */
  async storeIdentification(person: IdentifiedPerson, purpose: IdentificationPurpose): Promise<string> {
    const id = randomBytes(32).toString('hex');
    await this.transactions.run(async () => {
      await this.identifications.repo.delete({ expiresAt: LessThan(new Date()) });
      await this.identifications.repo.insert({
        id,
        ...person,
        purpose,
        expiresAt: new Date(Date.now() + IDENTIFICATION_TTL_MINUTES * 60_000),
      });
    });
    return id;
  }

  async forget(identificationId: string | undefined): Promise<void> {
    if (identificationId) await this.identifications.repo.delete({ id: identificationId });
  }

  /** GET /registration */
  async registrationData(identificationId: string | undefined, language: Language): Promise<RegistrationData> {
    const identification = await this.valid(identificationId);
    const registered = await this.customerRows.repo.existsBy({ hetu: identification.hetu, closedAt: IsNull() });
    const { hetu, firstName, lastName, purpose } = identification;
    const tooYoung = !registered && this.isTooYoung(hetu) ? localizeMessage(M.tooYoung(this.config.minAge), language) : undefined;
    return { hetu, firstName, lastName, purpose, registered, ...(tooYoung ? { tooYoung } : {}) };
  }

  /** Younger than MIN_AGE today (Helsinki date), by the birth date in the hetu. */
  private isTooYoung(hetu: string): boolean {
    const birthDate = parseHetu(hetu)?.birthDate;
    if (!birthDate) return false;
    return ageOn(birthDate, helsinkiIsoDate(new Date())) < this.config.minAge;
  }

  /**
   * POST /registration/password-check: the wizard's password step (4 of 5) hears at once whether
   * the server will take the password, instead of after the terms. Only with a valid
   * identification, counted with every other chosen password (no open oracle for trying lists),
   * and the same check and context as POST /my-user; nothing is stored and the password is never logged.
   */
  async checkPassword(identificationId: string | undefined, password: string, email: string | undefined, origin: RequestOrigin): Promise<void> {
    const person = await this.valid(identificationId);
    await this.throttle.checkChosenPassword(origin, this.throttle.identity(person.hetu), password, [person.firstName, person.lastName, ...(email ? [email] : [])]);
  }

  /**
   * POST /my-user: a new customer from the identification and the wizard's answers. Cheap checks
   * first (the chosen password, counted, against the lists; an attempt of the identification, a
   * registered hetu or a taken e-mail), then the password-work counters, and only then argon2 (issue 21).
   */
  async register(identificationId: string | undefined, dto: RegistrationDto, origin: RequestOrigin): Promise<SessionUser> {
    const person = await this.valid(identificationId);
    await this.throttle.checkChosenPassword(origin, this.throttle.identity(person.hetu), dto.password, [person.firstName, person.lastName, dto.email]);
    const email = normalizeEmail(dto.email);
    const identification = await this.attempt(person.id);
    try {
      const sex = parseHetu(identification.hetu)?.sex;
      if (!sex) throw new NotFoundException(M.identificationMissing);
      if (this.isTooYoung(identification.hetu)) throw new ForbiddenException({ message: M.tooYoung(this.config.minAge), error: 'Forbidden', statusCode: 403 });
      if (await this.customerRows.repo.existsBy({ hetu: identification.hetu, closedAt: IsNull() })) throw new ConflictException(M.alreadyRegistered);
      if (await this.customerRows.repo.existsBy({ email })) throw emailTaken();
      const passwordHash = await this.hashCounted(dto.password, identification, origin);
      return await this.transactions.run(async () => {
        const locked = await this.valid(identification.id, true);
        // Two registrations racing past the checks above: the unique indexes decide (see below).
        const inserted = await this.customerRows.repo.insert({
          hetu: locked.hetu,
          firstName: locked.firstName,
          lastName: locked.lastName,
          email,
          phone: normalizePhone(dto.phone),
          passwordHash,
          sex,
          marketingAllowed: dto.marketingAllowed,
          approvedEulaVersion: dto.approvedEulaVersion,
          eulaAcceptedAt: new Date(),
        });
        const user: SessionUser = { role: 'customer', id: (inserted.identifiers[0] as { id: number }).id };
        await this.identifications.repo.delete({ id: locked.id });
        await this.audit.record(user, { action: 'customer.registered', patientHetu: locked.hetu });
        return user;
      });
    } catch (e) {
      await this.afterFailedAttempt(identification);
      if (isUniqueViolation(e)) throw String((e as { detail?: string }).detail ?? '').includes('email') ? emailTaken() : new ConflictException(M.alreadyRegistered);
      throw e;
    }
  }

  /**
   * POST /registration/reset-password: the identified customer's new password (the caller ends
   * their other sessions). An unregistered hetu is refused before any hashing.
   */
  async resetPassword(identificationId: string | undefined, newPassword: string, origin: RequestOrigin): Promise<SessionUser> {
    const person = await this.valid(identificationId);
    await this.throttle.checkChosenPassword(origin, this.throttle.identity(person.hetu), newPassword, [person.firstName, person.lastName]);
    const identification = await this.attempt(person.id);
    try {
      if (!(await this.customerRows.repo.existsBy({ hetu: identification.hetu, closedAt: IsNull() }))) throw new NotFoundException(M.notRegistered);
      const passwordHash = await this.hashCounted(newPassword, identification, origin);
      return await this.transactions.run(async () => {
        const locked = await this.valid(identification.id, true);
        const customer = await this.customerRows.repo.findOneBy({ hetu: locked.hetu, closedAt: IsNull() });
        if (!customer) throw new NotFoundException(M.notRegistered);
        await this.customerRows.repo.update({ id: customer.id }, { passwordHash });
        await this.identifications.repo.delete({ id: locked.id });
        const user: SessionUser = { role: 'customer', id: customer.id };
        await this.audit.record(user, { action: 'customer.password-reset', patientHetu: customer.hetu });
        await this.bus.tell('customer.credentials-changed', { customerId: customer.id, phone: customer.phone, what: 'password', language: customer.language });
        return user;
      });
    } catch (e) {
      await this.afterFailedAttempt(identification);
      throw e;
    }
  }

  info(user: SessionUser): Promise<CustomerInfo> {
    return this.customers.info(user.id);
  }

  /**
   * Counts one use of the identification, atomically (parallel requests cannot race past the
   * count): 404 when it is missing, expired or used up. Counted whatever the outcome, so one
   * identification is worth at most IDENTIFICATION_MAX_ATTEMPTS tries (it was unlimited: issue 21).
   */
  private async attempt(id: string): Promise<Identification> {
    const counted = await this.identifications.repo
      .update({ id, attempts: LessThan(IDENTIFICATION_MAX_ATTEMPTS), expiresAt: MoreThan(new Date()) }, { attempts: () => 'attempts + 1' });
    const identification = counted.affected ? await this.identifications.repo.findOneBy({ id }) : null;
    if (!identification) throw new NotFoundException(M.identificationMissing);
    return identification;
  }

  /** After a failed try: the identification's last try used it up (it is deleted, whatever came of it). */
  private async afterFailedAttempt(identification: Identification): Promise<void> {
    if (identification.attempts >= IDENTIFICATION_MAX_ATTEMPTS) await this.forget(identification.id);
  }

  /**
   * The new password's hash, counted per session, identity and address before hashing (429 at a
   * limit). Turned away by a full hashing queue (503), the work was never done: the slots are given back.
   */
  private async hashCounted(password: string, identification: Identification, origin: RequestOrigin): Promise<string> {
    const slots = await this.throttle.take(passwordWorkKeys(origin, this.throttle.identity(identification.hetu)), PASSWORD_WORK_THROTTLED_MESSAGE);
    try {
      return await hashPassword(password);
    } catch (e) {
      if (e instanceof ServiceUnavailableException) await slots.cancelled();
      throw e;
    }
  }

  private async valid(id: string | undefined, lock = false): Promise<Identification> {
    const identification = id
      ? await this.identifications.repo.findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!identification || identification.expiresAt.getTime() <= Date.now()) throw new NotFoundException(M.identificationMissing);
    return identification;
  }
}
