import type { AppPool } from './app-pool';
import { APP_POOL_ENV } from './app-pool';
import { dropTemplates } from './database-templates';

export default async function globalTeardown(): Promise<void> {
  const pools = globalThis as { __RESEPTI_APP_POOL__?: AppPool };
  const pool = pools.__RESEPTI_APP_POOL__;
  pools.__RESEPTI_APP_POOL__ = undefined;
  delete process.env[APP_POOL_ENV];
  await pool?.close();
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (adminUrl) await dropTemplates(adminUrl);
  const holder = globalThis as { __RESEPTI_PG__?: { stop(): Promise<void> } };
  const server = holder.__RESEPTI_PG__;
  holder.__RESEPTI_PG__ = undefined;
  await server?.stop();
}
