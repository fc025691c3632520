// The accounts' tables as other modules' statements may name them: accounts/ owns doctor,
// pharmacy, pharmacy_office, pharmacy_user (and their join table) and customer, and spells every
// piece of SQL over them here. A module that needs a name or a lock of an account in its own
// statement takes the fragment (test/api/architecture.test.ts: no SQL names another module's table).

/** `LEFT JOIN` of the doctor `alias` whose id is the SQL expression `id` (columns first_name, last_name). */
export const joinDoctor = (alias: string, id: string): string => `LEFT JOIN doctor ${alias} ON ${alias}.id = ${id}`;

/** The full name of the doctor whose id is the SQL expression `id` ("First Last"), or NULL for none. */
export const doctorNameSql = (id: string): string => `(SELECT dn.first_name || ' ' || dn.last_name FROM doctor dn WHERE dn.id = ${id})`;

/** The name of the pharmacy whose id is the SQL expression `id`, or NULL for none. */
export const pharmacyNameSql = (id: string): string => `(SELECT pn.name FROM pharmacy pn WHERE pn.id = ${id})`;

/** The name of the pharmacy office whose id is the SQL expression `id`, or NULL for none. */
export const officeNameSql = (id: string): string => `(SELECT pon.name FROM pharmacy_office pon WHERE pon.id = ${id})`;

/** Locks the doctor row whose id is the SQL expression `id` until the transaction ends (a statement of its own). */
export const lockDoctorSql = (id: string): string => `SELECT id FROM doctor WHERE id = ${id} FOR UPDATE`;

/** Locks the customer row whose id is the SQL expression `id` against other such locks (NO KEY: rows referencing the customer may still be inserted). */
export const lockCustomerSql = (id: string): string => `SELECT 1 FROM customer WHERE id = ${id} FOR NO KEY UPDATE`;

/** The doctor row `d` (id the SQL expression `id`), locked, as the FROM of a statement that selects more beside it. */
export const lockedDoctorFrom = (id: string): string => `FROM doctor d WHERE d.id = ${id} FOR UPDATE OF d`;

/**
 * The rule of whose an office is, as SQL: the pharmacy user `user` works at the office `office`
 * (each an SQL expression: a column, a parameter). Every statement that checks an office against
 * its user (the user's offices, Reseptilista, the send) uses this one.
 */
export function worksAtOffice(user: string, office: string): string {
  return `EXISTS (SELECT 1 FROM pharmacy_user_office puo WHERE puo.pharmacy_user_id = ${user} AND puo.pharmacy_office_id = ${office})`;
}
