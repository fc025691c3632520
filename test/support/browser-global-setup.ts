import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_OPTIONS, SHARED_CHROMIUM_ENV } from './chromium';
import globalSetup from './global-setup';

/**
 * The browser project's setup: the run's PostgreSQL and templates (global-setup.ts), and one
 * Chromium that every browser test file connects to instead of launching its own.
 */
export default async function browserGlobalSetup(globalConfig?: { maxWorkers?: number }): Promise<void> {
  await globalSetup(globalConfig);
  if (process.env[SHARED_CHROMIUM_ENV]) return;
  const server = await chromium.launchServer(CHROMIUM_OPTIONS);
  (globalThis as { __RESEPTI_CHROMIUM__?: BrowserServer }).__RESEPTI_CHROMIUM__ = server;
  process.env[SHARED_CHROMIUM_ENV] = server.wsEndpoint();
}
