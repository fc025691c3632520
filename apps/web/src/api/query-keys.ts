/** Every react-query key of the web app, in one place. */
import type { UserLevel } from './client';

export const queryKeys = {
  /** Root of all session queries (one per user level). */
  sessions: ['session'] as const,
  session: (level: UserLevel) => ['session', level] as const,
  /** Which user level the session cookie belongs to, asked on another level's page (WrongRolePage). */
  sessionLevelProbe: (level: UserLevel) => ['session-level', level] as const,
  /** GET /mfa/totp: the staff user's TOTP status. */
  totpStatus: ['mfa', 'totp'] as const,
  customer: {
    /** GET /registration: the person of the session's strong identification. */
    registration: ['customer', 'registration'] as const,
    products: ['customer', 'products'] as const,
    cart: ['customer', 'cart'] as const,
    /** Root of the customer's order lists (outstanding and history), refetched together. */
    orders: ['customer', 'orders'] as const,
    outstanding: ['customer', 'orders', 'outstanding'] as const,
    history: ['customer', 'orders', 'history'] as const,
    feedback: ['customer', 'feedback-question'] as const,
    /** GET /my-access-log: who has read the customer's data. */
    accessLog: ['customer', 'access-log'] as const,
    /** GET /my-centre-prescriptions: 'Uusittavat reseptisi' from the Prescription Centre. */
    centrePrescriptions: ['customer', 'centre-prescriptions'] as const,
    checkout: (sessionId: string) => ['customer', 'checkout', sessionId] as const,
    payment: (sessionId: string) => ['customer', 'payment', sessionId] as const,
  },
  pharmacy: {
    /** Root of everything cached for the pharmacy (renewed when the session's office changes). */
    root: ['pharmacy'] as const,
    offices: ['pharmacy', 'offices'] as const,
    sessionOffice: ['pharmacy', 'session-office'] as const,
    products: ['pharmacy', 'products'] as const,
    deliveryOptions: ['pharmacy', 'delivery-options'] as const,
    cart: ['pharmacy', 'cart'] as const,
    /** mutationKey of every change this screen makes to the cart. */
    cartChange: ['pharmacy', 'cart-change'] as const,
    orders: ['pharmacy', 'orders'] as const,
    ordersByMode: (mode: 'active' | 'history', limit: number) => ['pharmacy', 'orders', mode, limit] as const,
    message: ['pharmacy', 'message'] as const,
    messageStatus: ['pharmacy', 'message-status'] as const,
    users: ['pharmacy', 'users'] as const,
    apiClients: ['pharmacy', 'api-clients'] as const,
  },
  doctor: {
    status: ['doctor', 'system-status'] as const,
    current: ['doctor', 'current-order'] as const,
    /** mutationKey of this tab's own changes of the order the doctor holds (pick, deliver, release). */
    heldOrderChange: ['doctor', 'held-order-change'] as const,
    historyRoot: ['doctor', 'history'] as const,
    history: (filter: string, sortOrder: string) => ['doctor', 'history', filter, sortOrder] as const,
    notice: ['doctor', 'notice'] as const,
    /** GET /order/centre-prescriptions of the order on screen. */
    centrePrescriptions: (orderId: number) => ['doctor', 'centre-prescriptions', orderId] as const,
    /** GET /order/patient-context of the order on screen. */
    patientContext: (orderId: number) => ['doctor', 'patient-context', orderId] as const,
    products: ['doctor', 'products'] as const,
    /** The prescriptions the Prescription Centre refused (EPrescriptionFailures). */
    failedEPrescriptions: ['doctor', 'e-prescriptions', 'failed'] as const,
  },
} as const;
