// Prepares a template database for the test run (see global-setup.ts): the built API's own
// prepareDatabase runs the migrations and, with "seed", the demo data, exactly as an API start does.
// The demo passwords are hashed at the run's argon2 cost (password-cost.ts). The audit key's
// fingerprint, which prepareDatabase records on first use, is cleared again, so a clone is what a
// fresh database is after migrate+seed, and its first app records its own key.
// Usage: node database-template.mjs <database url> seed|migrate. Prints "ok" when done.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prepareDatabase } from '../../apps/api/dist/platform/database/prepare-database.js';
import { seedDemoDataIntoEmpty } from '../../apps/api/dist/demo/demo-data.js';
import { loadEntities } from '../../apps/api/dist/platform/database/entity-files.js';
import { configurePasswordHashing } from '../../apps/api/dist/accounts/password.js';
import { passwordHashingConfig } from '../../apps/api/dist/platform/config/password-hashing-config.js';

const [url, mode] = process.argv.slice(2);
// The demo accounts' passwords at the run's cost (password-cost.ts), as an app of the run would hash them.
configurePasswordHashing(passwordHashingConfig(process.env, false));
const appRoot = fileURLToPath(new URL('../../apps/api/dist/', import.meta.url));
await prepareDatabase(url, {
  auditChainKey: 'resepti-test-template-key',
  ...(mode === 'seed' ? { seed: seedDemoDataIntoEmpty, entities: await loadEntities(appRoot) } : {}),
});
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('UPDATE audit_chain_head SET key_check = NULL WHERE id = 1');
await client.end();
console.log('ok');
