import type { EntityManager } from 'typeorm';
import { isRegisterNumber } from '@resepti/domain';
import { Doctor } from '../accounts/doctor.entity.js';
import { StaffRecoveryCode, StaffTotp } from '../accounts/staff-totp.entity.js';
import { DELETE_SESSIONS_OF_USER, sessionsOfUserParams } from '../accounts/session-rows.js';
import { auditOperator, UsageError } from './operator.js';

async function doctorByEmail(m: EntityManager, emailOption: string | undefined): Promise<Doctor> {
  const email = emailOption?.trim().toLowerCase();
  if (!email) throw new UsageError("--doctor is required (the doctor's e-mail)");
  const doctor = await m.findOneBy(Doctor, { email });
  if (!doctor) throw new UsageError(`no doctor with e-mail ${email}`);
  return doctor;
}

/** A doctor's TOTP reset by an operator (pharmacy users are reset by their pharmacy's admin). */
export async function resetMfa(m: EntityManager, emailOption: string | undefined): Promise<string> {
  const doctor = await doctorByEmail(m, emailOption);
  const removed = (await m.delete(StaffTotp, { role: 'doctor', userId: doctor.id })).affected ?? 0;
  await m.delete(StaffRecoveryCode, { role: 'doctor', userId: doctor.id });
  // Whoever holds a session of the account (the thief of the lost phone, too) signs in again.
  const [ended] = (await m.query(DELETE_SESSIONS_OF_USER, sessionsOfUserParams({ role: 'doctor', id: doctor.id }))) as [unknown[], number];
  await auditOperator(m, [{ action: 'mfa.totp-reset', subject: `doctor:${doctor.id}`, details: { email: doctor.email, sessionsEnded: ended.length } }]);
  const sessions = `${ended.length} session(s) ended`;
  return removed
    ? `TOTP of doctor ${doctor.id} <${doctor.email}> reset, ${sessions}: they set it up again at the next sign-in`
    : `doctor ${doctor.id} <${doctor.email}> had no TOTP; nothing to reset; ${sessions}`;
}

/**
 * Sets a doctor's Valvira register number (Terhikki), the prescriber's identifier in every
 * e-prescription: approval is refused without one. Checked against JulkiTerhikki by the operator.
 */
export async function setRegisterNumber(m: EntityManager, emailOption: string | undefined, numberOption: string | undefined): Promise<string> {
  const doctor = await doctorByEmail(m, emailOption);
  const registerNumber = numberOption?.trim() ?? '';
  if (!isRegisterNumber(registerNumber)) throw new UsageError('--register-number must be the Valvira register number: digits only (e.g. 10100012345)');
  await m.update(Doctor, { id: doctor.id }, { registerNumber });
  await auditOperator(m, [{ action: 'doctor.register-number-set', subject: `doctor:${doctor.id}`, details: { email: doctor.email, registerNumber, previous: doctor.registerNumber } }]);
  return `register number of doctor ${doctor.id} <${doctor.email}> set to ${registerNumber}`;
}
