import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MfaService } from '../accounts/mfa.service.js';
import {
  PHARMACY_MESSAGES,
  VALIDATION_MESSAGES,
  validateNewPharmacyUser,
  validatePharmacyUserEdit,
  type NewPharmacyUserRequest,
  type PharmacyUserListEntry,
  type UpdatePharmacyUserRequest,
  type UsernameCheck,
} from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { LoginThrottle, type RequestOrigin } from '../accounts/login-throttle.js';
import { hashPassword } from '../accounts/password.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { SessionsService } from '../accounts/sessions.service.js';
import { NoticesService } from '../notices/notices.service.js';
import { PharmacyOffice } from '../accounts/pharmacy-office.entity.js';
import { PharmacyUser } from '../accounts/pharmacy-user.entity.js';
import { toUserListEntry } from './pharmacy.service.js';
import { isUniqueViolation } from '../platform/database/errors.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';


/** Usernames are unique and compared case-insensitively: they are stored trimmed and lower-case. */
export function canonicalUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * A pharmacy admin's management of their own pharmacy's user accounts. Admins cannot be
 * deleted, other admins cannot be edited, and another pharmacy's users are out of reach (403).
 * A new user works at every office of the admin's pharmacy.
 */
@Injectable()
export class PharmacyUserAdminService {
  constructor(
    @InjectOwn(PharmacyUser) private readonly users: OwnRepository<PharmacyUser>,
    @InjectOwn(PharmacyOffice) private readonly offices: OwnRepository<PharmacyOffice>,
    private readonly transactions: Transactions,
    private readonly sessions: SessionsService,
    private readonly notices: NoticesService,
    private readonly audit: AuditService,
    private readonly mfa: MfaService,
    private readonly throttle: LoginThrottle,
  ) {}

  async list(admin: SessionUser): Promise<PharmacyUserListEntry[]> {
    const users = await this.users.repo.find({ where: { pharmacyId: admin.pharmacyId }, order: { id: 'ASC' } });
    const withMfa = await this.mfa.enabledAmong('pharmacy', users.map((u) => u.id));
    return users.map((u) => ({ ...toUserListEntry(u), mfaEnabled: withMfa.has(u.id) }));
  }

  async usernameExists(name: string): Promise<UsernameCheck> {
    const username = canonicalUsername(name);
    return { usernameExists: username !== '' && (await this.users.repo.existsBy({ username })) };
  }

  async create(admin: SessionUser, input: NewPharmacyUserRequest, origin: RequestOrigin): Promise<PharmacyUserListEntry> {
    const username = input.username.trim();
    const errors = validateNewPharmacyUser({ firstName: input.firstName, lastName: input.lastName, username, password: input.password });
    const messages = Object.values(errors);
    if (messages.length > 0) throw new BadRequestException(messages);
    const passwordHash = await this.hashChosen(admin, origin, input.password, [input.firstName, input.lastName, username]);
    try {
      return await this.transactions.run(async () => {
        if (await this.users.repo.existsBy({ username: canonicalUsername(username) })) {
          throw new ConflictException(VALIDATION_MESSAGES.usernameTaken);
        }
        const offices = await this.offices.repo.findBy({ pharmacyId: admin.pharmacyId });
        const saved = await this.users.repo.save({
          pharmacyId: admin.pharmacyId!,
          username: canonicalUsername(username),
          passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          userLevel: 'user',
          offices,
        });
        await this.audit.record(admin, { action: 'pharmacy-user.create', subject: `pharmacy_user:${saved.id}` });
        return toUserListEntry(saved);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(VALIDATION_MESSAGES.usernameTaken);
      throw err;
    }
  }

  /**
   * Saves the user's fields. A new password ends every session of that user (and closes their
   * sockets): whoever knew the old one is out. An admin changing their own keeps `adminSessionId`.
   */
  async update(admin: SessionUser, input: UpdatePharmacyUserRequest, origin: RequestOrigin, adminSessionId?: string): Promise<PharmacyUserListEntry> {
    const username = input.username.trim();
    const messages = [
      validatePharmacyUserEdit('firstName', input.firstName),
      validatePharmacyUserEdit('lastName', input.lastName),
      validatePharmacyUserEdit('username', username),
      input.password ? validatePharmacyUserEdit('password', input.password) : null,
    ].filter((m): m is string => m !== null);
    if (messages.length > 0) throw new BadRequestException(messages);
    const passwordHash = input.password ? await this.hashChosen(admin, origin, input.password, [input.firstName, input.lastName, username]) : undefined;
    let saved: PharmacyUserListEntry;
    try {
      saved = await this.transactions.run(async () => {
        const target = await this.ownUser(admin, this.users.repo.findOne({ where: { id: input.id }, lock: { mode: 'pessimistic_write' } }));
        if (target.userLevel === 'admin' && target.id !== admin.id) throw new ForbiddenException(PHARMACY_MESSAGES.adminNotEditable);
        const canonical = canonicalUsername(username);
        if (canonical !== target.username && (await this.users.repo.existsBy({ username: canonical }))) {
          throw new ConflictException(VALIDATION_MESSAGES.usernameTakenEdit);
        }
        await this.users.repo.update(
          { id: target.id },
          { firstName: input.firstName.trim(), lastName: input.lastName.trim(), username: canonical, ...(passwordHash ? { passwordHash } : {}) },
        );
        const subject = `pharmacy_user:${target.id}`;
        await this.audit.record(
          admin,
          [{ action: 'pharmacy-user.update', subject }, ...(passwordHash ? [{ action: 'pharmacy-user.password-reset' as const, subject }] : [])]);
        return toUserListEntry(await this.users.repo.findOneByOrFail({ id: target.id }));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(VALIDATION_MESSAGES.usernameTakenEdit);
      throw err;
    }
    if (passwordHash) await this.sessions.endAllOf({ role: 'pharmacy', id: saved.id }, saved.id === admin.id ? adminSessionId : undefined);
    return saved;
  }

  /** Deletes a (non-admin) user of the admin's pharmacy; their sessions and sockets end at once. */
  async remove(admin: SessionUser, name: string): Promise<void> {
    const removedId = await this.transactions.run(async () => {
      const target = await this.ownUser(admin, this.users.repo.findOneBy({ username: canonicalUsername(name) }));
      if (target.userLevel === 'admin') throw new ForbiddenException(PHARMACY_MESSAGES.adminNotDeletable);
      await this.notices.forgetReader(target.id);
      await this.users.repo.delete({ id: target.id });
      await this.audit.record(admin, { action: 'pharmacy-user.delete', subject: `pharmacy_user:${target.id}`, details: { username: target.username } });
      return target.id;
    });
    await this.sessions.endAllOf({ role: 'pharmacy', id: removedId });
  }

  /**
   * A user of the admin's pharmacy loses TOTP (a lost phone): they set it up again. Audited. Every
   * session of the user ends (and its sockets close): whoever has the lost phone may hold one. An
   * admin resetting their own keeps `adminSessionId`.
   */
  async resetMfa(admin: SessionUser, id: number, adminSessionId?: string): Promise<void> {
    const targetId = await this.transactions.run(async () => {
      const target = await this.ownUser(admin, this.users.repo.findOneBy({ id }));
      await this.mfa.reset({ role: 'pharmacy', id: target.id }, { role: 'pharmacy', id: admin.id });
      return target.id;
    });
    await this.sessions.endAllOf({ role: 'pharmacy', id: targetId }, targetId === admin.id ? adminSessionId : undefined);
  }

  /** The hash of a password the admin chose for a user: counted as every chosen password (per admin), checked, hashed. */
  private async hashChosen(admin: SessionUser, origin: RequestOrigin, password: string, context: string[]): Promise<string> {
    await this.throttle.checkChosenPassword(origin, `account:pharmacy:${admin.id}`, password, context);
    return hashPassword(password);
  }

  /** 404 when the user does not exist, 403 when they belong to another pharmacy. */

  private async ownUser(admin: SessionUser, lookup: Promise<PharmacyUser | null>): Promise<PharmacyUser> {
    const user = await lookup;
    if (!user) throw new NotFoundException(PHARMACY_MESSAGES.userNotFound);
    if (user.pharmacyId !== admin.pharmacyId) throw new ForbiddenException(PHARMACY_MESSAGES.userOfOtherPharmacy);
    return user;
  }
}

