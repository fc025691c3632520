/**
 * The patient's data rights: who has read their data (the access log the Kanta services also
 * show citizens), a copy of their data, and closing the account.
 */

/** Who read: a doctor, a pharmacy user or a pharmacy's system (integrator). */
export type AccessActorRole = 'doctor' | 'pharmacy' | 'integrator';

export const MY_ACCESS_LOG_PAGE = 50;
export const MY_ACCESS_LOG_MAX_PAGE = 500;

const ACTION_TEXTS: Readonly<Record<string, string>> = {
  'order:read': 'Katsoi tilauksen',
  'order:pick': 'Otti tilauksen käsittelyyn',
  'order:release': 'Palautti tilauksen jonoon',
  'order:deliver': 'Merkitsi tilauksen käsitellyksi',
  'history:read': 'Katsoi tilaushistoriaa',
  'prescription-centre.unavailable': 'Lähetti reseptin Kanta-palveluun',
  'prescription-centre.refused': 'Reseptin tallennus Kanta-palveluun epäonnistui',
  'e-prescription.failed-list': 'Katsoi Kanta-palveluun tallentumattomia reseptejä',
  'e-prescription.retry': 'Lähetti reseptin uudelleen Kanta-palveluun',
  'pharmacy.patient.set': 'Haki henkilötunnuksella',
  'pharmacy.cart.read': 'Katsoi tilauskorin',
  'pharmacy.order.send': 'Lähetti tilauksen',
  'pharmacy.order-item.check': 'Kuittasi reseptin',
  'pharmacy.orders.active': 'Katsoi apteekin tilauksia',
  'pharmacy.orders.history': 'Katsoi apteekin tilaushistoriaa',
  'integrator.order.read': 'Katsoi tilauksen',
  'integrator.order.create': 'Lähetti tilauksen',
  'integrator.order-item.check': 'Kuittasi reseptin',
  'patient-access-log.export': 'Haki lokitiedot',
  'prescription-centre.read': 'Katsoi reseptit Kanta-palvelusta',
  'prescription-centre.record': 'Tallensi reseptin Kanta-palveluun',
};

/** The Finnish text of an audit action as the patient's access log shows it. */
export function accessActionText(action: string): string {
  if (action.startsWith('order-item:')) return 'Käsitteli reseptin';
  return ACTION_TEXTS[action] ?? 'Käsitteli tietoja';
}

/** The export's file name: resepti-omat-tiedot-YYYY-MM-DD.json (the Helsinki date). */
export function myDataFileName(parts: { year: number; month: number; day: number }): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `resepti-omat-tiedot-${parts.year}-${pad(parts.month)}-${pad(parts.day)}.json`;
}

export const DATA_RIGHTS_MESSAGES = {
  badPage: 'Virheellinen sivu',
} as const;
