import type { Language, PharmacyCart, PharmacyNotice } from '@resepti/domain';

/**
 * Every domain event, by name: what changed, told once by the module that changed it. Listeners
 * in the change's transaction (the outboxes) write with it; listeners after the commit (realtime)
 * push it to the screens. A new event is a line here, an emit where the change happens, and its
 * listeners — nothing else to register. An event whose payload is a feature's own type is declared
 * by that feature, merged into this map (orders/order-change.ts: 'order.changed'), so the platform
 * imports no feature.
 */
export interface DomainEventMap {
  /** A pharmacist's cart and patient, as it is now (pharmacy/), to every session of that user. */
  'pharmacy-cart.changed': { pharmacyUserId: number; cart: PharmacyCart };
  /** The doctors' notice saved (notices/): published now (`republished`: new to every pharmacy), or withdrawn (null). */
  'notice.saved': { notice: PharmacyNotice | null; republished: boolean };
  /** Login sessions ended (logout; a user's other sessions after an admin's change): their sockets close. */
  'sessions.ended': { sessionIds: string[] };
  /** Every session of an account ended (deleted, password reset by an admin): all its sockets close. */
  'account.signed-out': { role: string; id: number };
  /** A customer's password or e-mail changed (customer/): the phone on file is told. */
  'customer.credentials-changed': { customerId: number; phone: string | null; what: 'password' | 'email'; language: Language };
  /** A customer closed their account: the phone it had gets the last message, in the account's language. */
  'customer.account-closed': { customerId: number; phone: string | null; language: Language };
  /** A customer's cart is changing (customer/): the checkout of the old cart ends, or a payment being taken refuses the change. */
  'customer-cart.changed': { customerId: number };
  /** Checkouts were ended (payments/): those open at the provider are expired there once this commits. */
  'checkouts.ended': { sessions: Array<{ provider: 'embedded' | 'stripe'; providerRef: string | null }> };
  /**
   * A login step was tried (auth/): its role, step and outcome, never who (metrics, a security
   * signal). Steps: the password, the code of a staff user with TOTP, the first code of one who
   * had to set TOTP up. Outcomes: ok (signed in), mfa (the password was right, a code or the setup
   * must follow), wrong, throttled (429 at a limit).
   */
  'login.attempted': { role: 'customer' | 'doctor' | 'pharmacy'; step: LoginStep; outcome: 'ok' | 'mfa' | 'wrong' | 'throttled' };
  /** A payment reported by the provider was settled (payments/): an order, a repeat, a refusal (its reason) or not ours. */
  'payment.settled': { outcome: 'placed' | 'seen' | 'refused' | 'not-ours'; reason?: string };
  /** Rows were written to an outbox channel: its worker on this node wakes once they are committed. */
  'outbox.written': { channel: 'sms' | 'webhook' | 'e-prescription' };
}

export type DomainEventName = keyof DomainEventMap;

/** The steps of a login, as counted (resepti_login_attempts_total's `step`). */
export type LoginStep = 'password' | 'code' | 'setup';
