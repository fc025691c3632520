import { dropTemplates } from './database-templates';

export default async function globalTeardown(): Promise<void> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (adminUrl) await dropTemplates(adminUrl);
  const holder = globalThis as { __RESEPTI_PG__?: { stop(): Promise<void> } };
  const server = holder.__RESEPTI_PG__;
  holder.__RESEPTI_PG__ = undefined;
  await server?.stop();
}
