import { FINNISH_CATALOG } from './i18n.js';

/**
 * The patient's data rights: who has read their data (the access log the Kanta services also
 * show citizens), a copy of their data, and closing the account.
 */

/** Who read: a doctor, a pharmacy user or a pharmacy's system (integrator). */
export type AccessActorRole = 'doctor' | 'pharmacy' | 'integrator';

export const MY_ACCESS_LOG_PAGE = 50;
export const MY_ACCESS_LOG_MAX_PAGE = 500;

/** Why an actor touched the patient's data, as the access log groups and names it (`customer.accessLog.purpose.*`). */
export type AccessPurpose =
  | 'orderRead'
  | 'orderPick'
  | 'orderRelease'
  | 'orderDeliver'
  | 'itemDecision'
  | 'historyRead'
  | 'patientLookup'
  | 'cartRead'
  | 'orderSend'
  | 'itemCheck'
  | 'pharmacyOrders'
  | 'pharmacyHistory'
  | 'accessLogExport'
  | 'centreRead'
  | 'centreRecord'
  | 'centreSend'
  | 'centreFailures'
  | 'other';

/** The purpose of each audit action a patient's log shows (the doctor's decisions: `order-item:*`). */
export const ACCESS_PURPOSES: Readonly<Record<string, AccessPurpose>> = {
  'order:read': 'orderRead',
  'order:pick': 'orderPick',
  'order:release': 'orderRelease',
  'order:deliver': 'orderDeliver',
  'history:read': 'historyRead',
  'pharmacy.patient.set': 'patientLookup',
  'pharmacy.cart.read': 'cartRead',
  'pharmacy.order.send': 'orderSend',
  'pharmacy.order-item.check': 'itemCheck',
  'pharmacy.orders.active': 'pharmacyOrders',
  'pharmacy.orders.history': 'pharmacyHistory',
  'integrator.order.read': 'orderRead',
  'integrator.order.create': 'orderSend',
  'integrator.order-item.check': 'itemCheck',
  'patient-access-log.export': 'accessLogExport',
  'prescription-centre.read': 'centreRead',
  'prescription-centre.record': 'centreRecord',
  'prescription-centre.unavailable': 'centreSend',
  'prescription-centre.refused': 'centreSend',
  'e-prescription.retry': 'centreSend',
  'e-prescription.failed-list': 'centreFailures',
};

export function accessPurposeOf(action: string): AccessPurpose {
  if (action.startsWith('order-item:')) return 'itemDecision';
  return ACCESS_PURPOSES[action] ?? 'other';
}

/** The Finnish text of an audit action as the patient's access log shows it (the API answers it in the asker's language). */
export function accessActionText(action: string): string {
  return FINNISH_CATALOG.customer.accessLog.purpose[accessPurposeOf(action)];
}

/** The export's file name: resepti-omat-tiedot-YYYY-MM-DD.json (the Helsinki date). */
export function myDataFileName(parts: { year: number; month: number; day: number }): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `resepti-omat-tiedot-${parts.year}-${pad(parts.month)}-${pad(parts.day)}.json`;
}

export const DATA_RIGHTS_MESSAGES = {
  badPage: 'Virheellinen sivu',
} as const;
