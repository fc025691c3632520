// The API clients' table as other modules' statements may name it: api-clients/ owns api_client
// and spells SQL over it here (test/api/architecture.test.ts: no SQL names another module's table).

/** `JOIN` of the API client `alias` whose id is the SQL expression `id` (columns revoked_at, sandbox, pharmacy_id, office_ids). */
export const joinApiClient = (alias: string, id: string): string => `JOIN api_client ${alias} ON ${alias}.id = ${id}`;
