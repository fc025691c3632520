/**
 * argon2's cost in the test run: the demo accounts of the run's templates and every app the tests
 * start hash with it (at the default cost each of the suite's hundreds of sign-ins took over half
 * a second of a core). Hashes record their own parameters, so a test that needs the real cost
 * (the hashing queue, the upgrade of weaker hashes) starts its app with STANDARD_PASSWORD_COST.
 */
export const TEST_PASSWORD_COST = { PASSWORD_HASH_MEMORY_KIB: '256', PASSWORD_HASH_TIME_COST: '1' } as const;

/** The API's default cost (empty: unset); its hashes are what production makes. */
export const STANDARD_PASSWORD_COST = { PASSWORD_HASH_MEMORY_KIB: '', PASSWORD_HASH_TIME_COST: '' } as const;
