// The baselines' transaction: BEGIN, the work, its audit rows chained exactly as the app chains
// them (collected in the transaction as `c.auditRows` and appended just before COMMIT by the
// app's own appendToChain: the head locked through audit_chain_lock(), HMAC with the same
// AUDIT_CHAIN_KEY, prepared statements, the chain's end guessed per database), COMMIT.
import { appendToChain } from '../../apps/api/dist/platform/audit/audit-chain.js';
import { DEVELOPMENT_AUDIT_CHAIN_KEY } from '../../apps/api/dist/platform/config/config.js';

// The key Resepti's API in the same run uses (the bench sets none: the development key).
const auditChainKey = process.env.AUDIT_CHAIN_KEY || DEVELOPMENT_AUDIT_CHAIN_KEY;

/** Runs `fn(client)` in a transaction of `pool`; its audit rows are appended at the commit. */
export async function auditedTransaction(pool, fn) {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    c.auditRows = [];
    const result = await fn(c);
    if (c.auditRows.length > 0) {
      const runner = { query: async (text, values) => (await c.query(text, values)).rows, prepared: async (name, text, values) => (await c.query({ name, text, values })).rows };
      // The pool stands for the database, as the app's DataSource does: where the last append left the chain is known per database.
      await appendToChain(runner, c.auditRows, auditChainKey, pool);
    }
    await c.query('COMMIT');
    return result;
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release();
  }
}
