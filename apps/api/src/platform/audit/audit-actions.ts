import type { Decision } from '@resepti/domain';

/**
 * Every action the audit log knows, in one list (ASVS 16.2.1: one vocabulary, so a patient's
 * access log and an investigation can rely on the names). Reads of patient data, changes, account
 * administration, sign-ins and refusals. The names of the first rows predate this list and stay
 * as they are in stored rows.
 */
export const AUDIT_ACTIONS = [
  // Orders (the lifecycle) and the doctor's views of them
  'order:read',
  'order:pick',
  'order:release',
  'order:deliver',
  ...(['approved', 'rejected', 'rejected-with-coupon', 'undecided'] as const satisfies readonly Decision[]).map((d) => `order-item:${d}` as const),
  'history:read',
  'history.search',
  // E-prescriptions: a doctor's list of those the Prescription Centre refused, and a retry of one
  'e-prescription.failed-list',
  'e-prescription.retry',
  // The pharmacy's work on a patient
  'pharmacy.patient.set',
  'pharmacy.cart.read',
  'pharmacy.order.send',
  'pharmacy.order-item.check',
  'pharmacy.orders.active',
  'pharmacy.orders.history',
  // Customers' own accounts
  'customer.registered',
  'customer.password-reset',
  // Credential and contact changes of a signed-in customer (never a password's value)
  'customer.password-changed',
  'customer.email-changed',
  'customer.phone-changed',
  'customer.email-change-refused',
  'customer.reauthentication-failed',
  'customer.data-export',
  'customer.account-closed',
  'customer.order.paid',
  'customer.payment.refused',
  'customer.payment.refunded',
  // Staff accounts and the notice to pharmacies
  'pharmacy-user.create',
  'pharmacy-user.update',
  'pharmacy-user.password-reset',
  'pharmacy-user.delete',
  'notice.save',
  // Sessions and access control
  'auth.login',
  'auth.login-failed',
  'auth.logout',
  'access.refused',
  // Staff TOTP (never a secret or a code): the code asked after the password, the code's check,
  // setup, enabling, disabling, an admin's or operator's reset and new recovery codes
  'auth.mfa-challenge',
  'auth.mfa-failed',
  'mfa.totp-setup',
  'mfa.totp-enabled',
  'mfa.totp-disabled',
  'mfa.totp-refused',
  'mfa.totp-reset',
  'mfa.recovery-codes-regenerated',
  // An operator set a doctor's Valvira register number (npm run admin)
  'doctor.register-number-set',
  // Integrators (API clients)
  'integrator.request',
  'integrator.auth-failed',
  'integrator.order.read',
  'integrator.order.create',
  'integrator.order-item.check',
  'api-client.create',
  'api-client.revoke',
  'webhook-delivery.send',
  'webhook-delivery.cancel',
  'webhook-delivery.redeliver',
  'webhook-delivery.test',
  'webhook-endpoint.rotate-secret',
  // A sandbox client made one of its test events happen (POST /api/v1/sandbox/triggers)
  'sandbox.trigger',
  // Kanta's Prescription Centre: a patient's prescriptions read from it, a prescription recorded there or
  // refused (order changes), a try that found it unavailable (repeated later)
  'prescription-centre.read',
  'prescription-centre.record',
  'prescription-centre.refused',
  'prescription-centre.unavailable',
  // The access log itself
  'patient-access-log.export',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
