import { createHash, randomInt } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import { In, IsNull, Not } from 'typeorm';
import {
  isRecoveryCode,
  isTotpCode,
  MFA_MESSAGES,
  MFA_WRONG_CODE_LIMIT,
  normalizeMfaCode,
  RECOVERY_CODE_COUNT,
  type MfaRole,
  type TotpSetupResponse,
  type TotpStatus,
} from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Doctor } from './doctor.entity.js';
import { PharmacyUser } from './pharmacy-user.entity.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { StaffRecoveryCode, StaffTotp } from './staff-totp.entity.js';
import { TotpSecretBox } from './totp-secret-box.js';

/** A staff user, as MFA knows them (a signed-in one or one past the password). */
export interface StaffUser {
  role: MfaRole;
  id: number;
}

/** How a login's second factor was proved. */
export type MfaMethod = 'totp' | 'recovery-code';

const ISSUER = 'Resepti';
/** Codes of the previous and the next 30-second step pass too (clocks drift, people type slowly). */
const EPOCH_TOLERANCE_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A new recovery code: 10 random base32 characters (50 bits), shown as XXXXX-XXXXX. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => BASE32[randomInt(BASE32.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/**
 * Staff TOTP (RFC 6238): setup, enabling with a first code, the code check of a login (each TOTP
 * step and each recovery code works once, however many requests race), disabling and resets.
 * Wrong codes are counted per account in the login counters: MFA_WRONG_CODE_LIMIT per window,
 * then 429. Every success and refusal is audited; secrets and codes never are.
 */
@Injectable()
export class MfaService {
  constructor(
    @InjectOwn(StaffTotp) private readonly totp: OwnRepository<StaffTotp>,
    @InjectOwn(StaffRecoveryCode) private readonly recoveryCodes: OwnRepository<StaffRecoveryCode>,
    @InjectOwn(Doctor) private readonly doctors: OwnRepository<Doctor>,
    @InjectOwn(PharmacyUser) private readonly pharmacyUsers: OwnRepository<PharmacyUser>,
    private readonly transactions: Transactions,
    private readonly throttle: LoginThrottle,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = new TotpSecretBox(config.totpEncryptionKey);
  }

  private readonly box: TotpSecretBox;

  isRequired(role: MfaRole): boolean {
    return this.config.mfaRequiredFor.includes(role);
  }

  async isEnabled(user: StaffUser): Promise<boolean> {
    return this.totp.repo.existsBy({ role: user.role, userId: user.id, enabledAt: Not(IsNull()) });
  }

  /** Which of these users have TOTP enabled (the pharmacy admin's user list). */
  async enabledAmong(role: MfaRole, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.totp.repo.findBy({ role, userId: In(ids), enabledAt: Not(IsNull()) });
    return new Set(rows.map((r) => r.userId));
  }

  /** What a right password leads to: the code, the setup (required, none yet) or a sign-in (null). */
  async loginStage(user: StaffUser): Promise<'code' | 'setup' | null> {
    if (await this.isEnabled(user)) return 'code';
    return this.isRequired(user.role) ? 'setup' : null;
  }

  async status(user: StaffUser): Promise<TotpStatus> {
    return { role: user.role, enabled: await this.isEnabled(user), required: this.isRequired(user.role) };
  }

  /** A new secret to add to an authenticator; it replaces an earlier unfinished setup. */
  async setup(user: StaffUser): Promise<TotpSetupResponse> {
    if (await this.isEnabled(user)) {
      await this.audit.record(user, { action: 'mfa.totp-refused', details: { step: 'setup', reason: 'enabled' } });
      throw new ConflictException(MFA_MESSAGES.alreadyEnabled);
    }
    const secret = generateSecret();
    await this.transactions.run(async () => {
      await this.totp.query(
        `INSERT INTO staff_totp (role, user_id, pending_secret) VALUES ($1, $2, $3)
         ON CONFLICT (role, user_id) DO UPDATE SET pending_secret = EXCLUDED.pending_secret WHERE staff_totp.enabled_at IS NULL`,
        [user.role, user.id, this.box.seal(secret, ownerOf(user))],
      );
      await this.audit.record(user, { action: 'mfa.totp-setup' });
    });
    return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: await this.labelOf(user), secret }) };
  }

  /**
   * The first code proves the pending secret: TOTP is on, and the recovery codes are made (returned
   * once). `signingIn`: the user had to set TOTP up to sign in, and this code is that login's step.
   */
  async enable(user: StaffUser, rawCode: string, signingIn = false): Promise<string[]> {
    const code = normalizeMfaCode(rawCode);
    const row = await this.totp.repo.findOneBy({ role: user.role, userId: user.id });
    if (row?.enabledAt) throw new ConflictException(MFA_MESSAGES.alreadyEnabled);
    if (!row?.pendingSecret) throw new BadRequestException(MFA_MESSAGES.setupMissing);
    // The stored (sealed) value guards the update below: a newer setup in between wins.
    const pendingSecret = row.pendingSecret;
    const secret = this.box.open(pendingSecret, ownerOf(user));
    const step = await this.counted(user, 'enable', async () => (secret !== null && isTotpCode(code) ? this.stepOf(secret, code, null) : null), signingIn ? 'setup' : undefined);
    const codes = newRecoveryCodes();
    const enabled = await this.transactions.run(async () => {
      const rows = (await this.totp.query(
        `UPDATE staff_totp SET secret = pending_secret, pending_secret = NULL, enabled_at = now(), last_step = $4
          WHERE role = $1 AND user_id = $2 AND enabled_at IS NULL AND pending_secret = $3 RETURNING user_id`,
        [user.role, user.id, pendingSecret, step],
      )) as unknown as [unknown[], number];
      if (rows[1] !== 1) return false;
      await this.replaceRecoveryCodes(user, codes);
      await this.audit.record(user, { action: 'mfa.totp-enabled' });
      return true;
    });
    // Another request enabled it (or set up anew) in between: this code changed nothing.
    if (!enabled) throw new ConflictException(MFA_MESSAGES.alreadyEnabled);
    return codes;
  }

  /** Off again, with the password and a current code (or a recovery code); refused where MFA is required. */
  async disable(user: StaffUser, address: string, password: string, rawCode: string): Promise<void> {
    if (!(await this.isEnabled(user))) throw new BadRequestException(MFA_MESSAGES.notEnabled);
    if (this.isRequired(user.role)) {
      await this.audit.record(user, { action: 'mfa.totp-refused', details: { step: 'disable', reason: 'required' } });
      throw new ForbiddenException(MFA_MESSAGES.requiredCannotDisable);
    }
    if (!(await this.auth.reauthenticate(user, address, password))) {
      await this.audit.record(user, { action: 'mfa.totp-refused', details: { step: 'disable', reason: 'password' } });
      throw new UnauthorizedException(MFA_MESSAGES.passwordWrong);
    }
    await this.counted(user, 'disable', () => this.useCode(user, rawCode));
    await this.remove(user, 'mfa.totp-disabled', user);
  }

  /**
   * 'Luo uudet varakoodit': with the password and a current authenticator code (not a recovery
   * code: the new codes replace those), every old recovery code stops working and new ones are
   * returned, once.
   */
  async regenerateRecoveryCodes(user: StaffUser, address: string, password: string, rawCode: string): Promise<string[]> {
    if (!(await this.isEnabled(user))) throw new BadRequestException(MFA_MESSAGES.notEnabled);
    if (!(await this.auth.reauthenticate(user, address, password))) {
      await this.audit.record(user, { action: 'mfa.totp-refused', details: { step: 'recovery-codes', reason: 'password' } });
      throw new UnauthorizedException(MFA_MESSAGES.passwordWrong);
    }
    await this.counted(user, 'recovery-codes', async () => (isTotpCode(normalizeMfaCode(rawCode)) ? this.useCode(user, rawCode) : null));
    const codes = newRecoveryCodes();
    await this.transactions.run(async () => {
      await this.replaceRecoveryCodes(user, codes);
      await this.audit.record(user, { action: 'mfa.recovery-codes-regenerated' });
    });
    return codes;
  }

  /** POST /login/mfa: a current code or an unused recovery code, each accepted once. 401 when wrong, 429 past the limit. */
  verifyLogin(user: StaffUser, rawCode: string): Promise<MfaMethod> {
    return this.counted(user, 'login', () => this.useCode(user, rawCode), 'code');
  }

  /** A pharmacy admin's or an operator's reset: TOTP and recovery codes gone; the user sets it up again (in the caller's transaction, if any). */
  async reset(user: StaffUser, actor: { role: 'pharmacy' | 'operator'; id: number | null }): Promise<boolean> {
    return this.remove(user, 'mfa.totp-reset', actor);
  }

  /** The user's recovery codes are these (stored hashed); every earlier one is gone. */
  private async replaceRecoveryCodes(user: StaffUser, codes: string[]): Promise<void> {
    await this.recoveryCodes.repo.delete({ role: user.role, userId: user.id });
    await this.recoveryCodes.repo.insert(codes.map((c) => ({ role: user.role, userId: user.id, codeHash: sha256(normalizeMfaCode(c)) })));
  }

  private async remove(user: StaffUser, action: 'mfa.totp-disabled' | 'mfa.totp-reset', actor: { role: 'doctor' | 'pharmacy' | 'operator'; id: number | null }): Promise<boolean> {
    return this.transactions.run(async () => {
      const deleted = await this.totp.repo.delete({ role: user.role, userId: user.id });
      await this.recoveryCodes.repo.delete({ role: user.role, userId: user.id });
      await this.audit.record(actor, { action, subject: `${user.role === 'doctor' ? 'doctor' : 'pharmacy_user'}:${user.id}` });
      return (deleted.affected ?? 0) > 0;
    });
  }

  /**
   * A code check that counts: a slot in the account's counter first (429 at the limit, nothing
   * checked); a right code gives it back, a wrong one keeps it, is audited and answers 401.
   * `loginStep`: the check is a step of a login, counted in the login metrics as such.
   */
  private async counted<T>(user: StaffUser, step: string, check: () => Promise<T | null>, loginStep?: 'code' | 'setup'): Promise<T> {
    const attempted = (outcome: 'ok' | 'wrong' | 'throttled') => (loginStep ? this.bus.emit(null, 'login.attempted', { role: user.role, step: loginStep, outcome }) : Promise.resolve());
    let slots: Awaited<ReturnType<LoginThrottle['take']>>;
    try {
      slots = await this.throttle.take([{ key: `mfa:${user.role}:${user.id}`, limit: MFA_WRONG_CODE_LIMIT }], MFA_MESSAGES.tooManyCodes);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() === HttpStatus.TOO_MANY_REQUESTS) await attempted('throttled');
      throw err;
    }
    let result: T | null;
    try {
      result = await check();
    } catch (err) {
      await slots.cancelled();
      throw err;
    }
    if (result === null) {
      await this.audit.record(user, { action: step === 'login' ? 'auth.mfa-failed' : 'mfa.totp-refused', details: { step, reason: 'code' } });
      await attempted('wrong');
      throw new UnauthorizedException(MFA_MESSAGES.codeWrong);
    }
    await slots.cancelled();
    await attempted('ok');
    return result;
  }

  /** Uses a TOTP code (its step, once) or a recovery code (once); null when it is neither. */
  private async useCode(user: StaffUser, rawCode: string): Promise<MfaMethod | null> {
    const code = normalizeMfaCode(rawCode);
    const row = await this.totp.repo.findOneBy({ role: user.role, userId: user.id });
    if (!row?.secret) return null;
    if (isTotpCode(code)) {
      const secret = this.box.open(row.secret, ownerOf(user));
      const step = secret === null ? null : await this.stepOf(secret, code, row.lastStep);
      if (step === null) return null;
      // Only a later step than the last one used: of two requests with one code, one updates.
      const [, updated] = (await this.totp.query(
        `UPDATE staff_totp SET last_step = $3 WHERE role = $1 AND user_id = $2 AND secret IS NOT NULL AND (last_step IS NULL OR last_step < $3) RETURNING user_id`,
        [user.role, user.id, step],
      )) as unknown as [unknown[], number];
      return updated === 1 ? 'totp' : null;
    }
    if (isRecoveryCode(code)) {
      const [, updated] = (await this.totp.query(
        `UPDATE staff_recovery_code SET used_at = now() WHERE role = $1 AND user_id = $2 AND code_hash = $3 AND used_at IS NULL RETURNING id`,
        [user.role, user.id, sha256(code)],
      )) as unknown as [unknown[], number];
      return updated === 1 ? 'recovery-code' : null;
    }
    return null;
  }

  /** The time step a code belongs to (within the tolerance, after `afterStep`), or null. */
  private async stepOf(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private async labelOf(user: StaffUser): Promise<string> {
    if (user.role === 'doctor') {
      const doctor = await this.doctors.repo.findOneBy({ id: user.id });
      if (!doctor) throw new NotFoundException(MFA_MESSAGES.userNotFound);
      return doctor.email;
    }
    const pharmacyUser = await this.pharmacyUsers.repo.findOneBy({ id: user.id });
    if (!pharmacyUser) throw new NotFoundException(MFA_MESSAGES.userNotFound);
    return pharmacyUser.username;
  }
}

/** What a sealed secret is bound to: its user. */
function ownerOf(user: StaffUser): string {
  return `${user.role}:${user.id}`;
}
