// The accounts' tables as other modules' statements may name them: accounts/ owns doctor,
// pharmacy, pharmacy_office, pharmacy_user (and their join table) and customer, and spells every
// piece of SQL over them here. A module that needs a name or a lock of an account in its own
// statement takes the fragment (test/api/architecture.test.ts: no SQL names another module's table).

/** `LEFT JOIN` of the doctor `alias` whose id is the SQL expression `id` (columns first_name, last_name). */
export const joinDoctor = (alias: string, id: string): string => `LEFT JOIN doctor ${alias} ON ${alias}.id = ${id}`;

/** The full name of the doctor whose id is the SQL expression `id` ("First Last"), or NULL for none. */
export const doctorNameSql = (id: string): string => `(SELECT dn.first_name || ' ' || dn.last_name FROM doctor dn WHERE dn.id = ${id})`;

/**
 * What a FHIR Practitioner shows of the doctor whose id is the SQL expression `id`, as JSON
 * {firstName, lastName, registerNumber} (no email, no personal data), or NULL for none.
 */
export const doctorPractitionerSql = (id: string): string =>
  `(SELECT json_build_object('firstName', dp.first_name, 'lastName', dp.last_name, 'registerNumber', dp.register_number) FROM doctor dp WHERE dp.id = ${id})`;

/** The Valvira register number of the doctor whose id is the SQL expression `id` (NULL for none: such a doctor cannot prescribe). */
export const doctorRegisterNumberSql = (id: string): string => `(SELECT dr.register_number FROM doctor dr WHERE dr.id = ${id})`;

/** The name of the pharmacy whose id is the SQL expression `id`, or NULL for none. */
export const pharmacyNameSql = (id: string): string => `(SELECT pn.name FROM pharmacy pn WHERE pn.id = ${id})`;

/** The name of the pharmacy office whose id is the SQL expression `id`, or NULL for none. */
export const officeNameSql = (id: string): string => `(SELECT pon.name FROM pharmacy_office pon WHERE pon.id = ${id})`;

/** Locks the doctor row whose id is the SQL expression `id` until the transaction ends (a statement of its own). */
export const lockDoctorSql = (id: string): string => `SELECT id FROM doctor WHERE id = ${id} FOR UPDATE`;

/** A customer's phone and language (whose id is the SQL expression `id`): where and how to text them. */
export const customerContactSql = (id: string): string => `SELECT phone, language FROM customer WHERE id = ${id}`;

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

/** `JOIN` of the pharmacy user `alias` whose id is the SQL expression `id` (columns first_name, last_name). */
export const joinPharmacyUser = (alias: string, id: string): string => `JOIN pharmacy_user ${alias} ON ${alias}.id = ${id}`;

/**
 * `LEFT JOIN` of the office `office` (id the SQL expression `officeId`) when the pharmacy user
 * `user` works at it (worksAtOffice), and of its pharmacy `pharmacy`.
 */
export const joinOwnOfficeAndPharmacy = (office: string, pharmacy: string, officeId: string, user: string): string =>
  `LEFT JOIN pharmacy_office ${office} ON ${office}.id = ${officeId} AND ${worksAtOffice(user, `${office}.id`)}
       LEFT JOIN pharmacy ${pharmacy} ON ${pharmacy}.id = ${office}.pharmacy_id`;

/** Every column of a customer row, named as the Customer entity's properties (customer.entity.ts). */
const CUSTOMER_COLUMNS = `id, hetu, first_name AS "firstName", last_name AS "lastName", email, phone, password_hash AS "passwordHash", sex,
       marketing_allowed AS "marketingAllowed", approved_eula_version AS "approvedEulaVersion", eula_accepted_at AS "eulaAcceptedAt",
       cart_version AS "cartVersion", language, created_at AS "createdAt", closed_at AS "closedAt"`;

/** The customer row whose id is the SQL expression `id`, locked FOR UPDATE (the cart's lock: customer/), as Customer's properties. */
export const lockedCustomerSql = (id: string): string => `SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE id = ${id} FOR UPDATE`;

/**
 * The customer row whose id is the SQL expression `id` with its cart version moved, as Customer's
 * properties: the update locks the row until the transaction ends (FOR NO KEY UPDATE, which
 * lockedCustomerSql's FOR UPDATE waits for), so it is the cart's lock and its move in one statement.
 */
export const movedCartVersionSql = (id: string): string => `UPDATE customer SET cart_version = cart_version + 1 WHERE id = ${id} RETURNING ${CUSTOMER_COLUMNS}`;

/** Moves the cart version of the customer whose id is the SQL expression `id` (a statement, or a CTE's body). */
export const moveCartVersionSql = (id: string): string => `UPDATE customer SET cart_version = cart_version + 1 WHERE id = ${id}`;
