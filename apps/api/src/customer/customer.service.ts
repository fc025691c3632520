import { BadRequestException, ConflictException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { IsNull, Not } from 'typeorm';
import { normalizeEmail, normalizePhone, VALIDATION_MESSAGES as M, type CustomerInfo, type Language } from '@resepti/domain';
import { AuditService, type AuditActor, type AuditEntry } from '../platform/audit/audit.service.js';
import { AuthService } from '../accounts/auth.service.js';
import {
  EMAIL_CHANGE_THROTTLED_MESSAGE,
  emailChangeKeys,
  LoginThrottle,
  PASSWORD_WORK_THROTTLED_MESSAGE,
  passwordWorkKeys,
  type CounterSlots,
  type RequestOrigin,
} from '../accounts/login-throttle.js';
import { hashPassword } from '../accounts/password.js';
import { isUniqueViolation } from '../platform/database/errors.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { CustomerCartService } from './customer-cart.service.js';
import { Customer, isOpenCustomer, type OpenCustomer } from '../accounts/customer.entity.js';
import type { ChangePasswordDto, CloseAccountDto, ContactDetailsDto } from './dto/customer-account.dto.js';

const ACCOUNT_MISSING = 'Käyttäjää ei löydy';

function toInfo(c: OpenCustomer): CustomerInfo {
  return { id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, sex: c.sex, approvedEulaVersion: c.approvedEulaVersion, language: c.language };
}

@Injectable()
export class CustomerService {
  constructor(
    @InjectOwn(Customer) private readonly customers: OwnRepository<Customer>,
    private readonly transactions: Transactions,
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
    private readonly carts: CustomerCartService,
  ) {}

  async info(customerId: number): Promise<CustomerInfo> {
    return toInfo(await this.load(customerId));
  }

  /** PUT /my-user/language: the web's language switch, kept for the text messages (issue 27). */
  async setLanguage(customerId: number, language: Language): Promise<CustomerInfo> {
    await this.customers.repo.update({ id: customerId }, { language });
    return this.info(customerId);
  }

  /**
   * PATCH /my-user: e-mail (unique, stored lower-case) and phone (spaces stripped). The e-mail is
   * the login: changing it needs the current password (ASVS 6.2.3), is counted per session and
   * account (each try also tells whether an address has an account: 409), audited, and told to
   * the phone on file. A phone alone changes without the password (saved on blur, SPEC section 9).
   */
  async updateContact(customerId: number, dto: ContactDetailsDto, origin: RequestOrigin): Promise<CustomerInfo> {
    const before = await this.load(customerId);
    const actor: AuditActor = { role: 'customer', id: customerId };
    const changes: Partial<Customer> = {};
    if (dto.phone !== undefined) changes.phone = normalizePhone(dto.phone);
    const email = dto.email === undefined ? undefined : normalizeEmail(dto.email);
    if (email !== undefined && email !== before.email) {
      const password = dto.password;
      if (!password) throw new BadRequestException([M.passwordForEmailChange]);
      const slots = await this.throttle.take(emailChangeKeys(origin, customerId), EMAIL_CHANGE_THROTTLED_MESSAGE);
      await this.giveBackWhenBusy(slots, () => this.reauthenticate(before, password, origin, 'email-change'));
      changes.email = email;
    }
    try {
      return await this.transactions.run(async () => {
        if (changes.email && (await this.customers.repo.existsBy({ email: changes.email, id: Not(customerId) }))) throw new ConflictException(M.emailTaken);
        if (Object.keys(changes).length > 0) await this.customers.repo.update({ id: customerId }, changes);
        const after = await this.customers.repo.findOneBy({ id: customerId });
        if (!isOpenCustomer(after)) throw new NotFoundException(ACCOUNT_MISSING);
        const entries: AuditEntry[] = [];
        if (after.email !== before.email) entries.push({ action: 'customer.email-changed', patientHetu: after.hetu, details: { from: before.email, to: after.email } });
        if (after.phone !== before.phone) entries.push({ action: 'customer.phone-changed', patientHetu: after.hetu, details: { from: before.phone, to: after.phone } });
        await this.audit.record(actor, entries);
        if (after.email !== before.email) await this.bus.tell('customer.credentials-changed', { customerId, phone: before.phone, what: 'email', language: before.language });
        return toInfo(after);
      });
    } catch (e) {
      if (changes.email && (e instanceof ConflictException || isUniqueViolation(e))) {
        // Recorded outside the rolled-back change: someone with this account tried an address that has one.
        await this.audit.record(actor, { action: 'customer.email-change-refused', patientHetu: before.hetu, details: { to: changes.email, reason: 'taken' } });
        throw new ConflictException(M.emailTaken);
      }
      throw e;
    }
  }

  /**
   * POST /my-user/change-password: the new password counted and checked as every chosen one; the
   * current password (ASVS 6.2.3; a wrong one counts as a failed login of the account), every try
   * counted per session, account and address before any hashing; audited and told to the phone on
   * file. The caller ends the other sessions.
   */
  async changePassword(customerId: number, dto: ChangePasswordDto, origin: RequestOrigin): Promise<void> {
    const customer = await this.load(customerId);
    await this.throttle.checkChosenPassword(origin, `account:customer:${customerId}`, dto.newPassword, [customer.firstName, customer.lastName, customer.email]);
    const slots = await this.throttle.take(passwordWorkKeys(origin, `account:customer:${customerId}`), PASSWORD_WORK_THROTTLED_MESSAGE);
    const passwordHash = await this.giveBackWhenBusy(slots, async () => {
      await this.reauthenticate(customer, dto.currentPassword, origin, 'password-change');
      return hashPassword(dto.newPassword);
    });
    await this.transactions.run(async () => {
      await this.customers.repo.update({ id: customerId }, { passwordHash });
      await this.audit.record({ role: 'customer', id: customerId }, { action: 'customer.password-changed', patientHetu: customer.hetu });
      await this.bus.tell('customer.credentials-changed', { customerId, phone: customer.phone, what: 'password', language: customer.language });
    });
  }

  /**
   * POST /my-user/delete: the account closes once the password is checked (ASVS 6.2.3, counted
   * like a password change). Credentials, e-mail, phone and the marketing consent go; the row,
   * with the hetu and names the orders were made under, stays as their record (health records are
   * kept as the law requires), and the hetu may register again. The open cart and checkout end in
   * the same transaction (409 while a payment is being taken: nothing changes). The phone on file
   * gets a last message. The caller ends every session and socket of the account.
   */
  async closeAccount(customerId: number, dto: CloseAccountDto, origin: RequestOrigin): Promise<void> {
    const customer = await this.load(customerId);
    const slots = await this.throttle.take(passwordWorkKeys(origin, `account:customer:${customerId}`), PASSWORD_WORK_THROTTLED_MESSAGE);
    await this.giveBackWhenBusy(slots, () => this.reauthenticate(customer, dto.password, origin, 'account-close'));
    await this.transactions.run(async () => {
      // The cart's lock: a parallel close, cart change or payment waits for this one.
      const locked = await this.carts.lockCart(customerId);
      if (!isOpenCustomer(locked)) throw new NotFoundException(ACCOUNT_MISSING);
      await this.carts.discard(customerId);
      await this.customers.repo.update(
        { id: customerId, closedAt: IsNull() },
        { email: null, phone: null, passwordHash: null, marketingAllowed: false, closedAt: () => 'now()' },
      );
      await this.audit.record({ role: 'customer', id: customerId }, { action: 'customer.account-closed', patientHetu: locked.hetu });
      await this.bus.tell('customer.account-closed', { customerId, phone: locked.phone, language: locked.language });
    });
    this.auth.forget({ role: 'customer', id: customerId });
  }

  /** Runs `work`; turned away by a full hashing queue (503), nothing was worked on and the slots are given back. */
  private async giveBackWhenBusy<T>(slots: CounterSlots, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof ServiceUnavailableException) await slots.cancelled();
      throw e;
    }
  }

  /** 400 (audited) unless `password` is the customer's current one. */
  private async reauthenticate(customer: OpenCustomer, password: string, origin: RequestOrigin, purpose: 'password-change' | 'email-change' | 'account-close'): Promise<void> {
    if (await this.auth.reauthenticateCustomer(customer.id, origin.address, password)) return;
    await this.audit.record({ role: 'customer', id: customer.id }, { action: 'customer.reauthentication-failed', patientHetu: customer.hetu, details: { for: purpose } });
    throw new BadRequestException([M.currentPasswordWrong]);
  }

  /** The signed-in customer's open account (404 once closed: its sessions end with it). */
  private async load(customerId: number): Promise<OpenCustomer> {
    const c = await this.customers.repo.findOneBy({ id: customerId });
    if (!isOpenCustomer(c)) throw new NotFoundException(ACCOUNT_MISSING);
    return c;
  }
}
