import type { BrowserServer } from 'playwright-core';
import { SHARED_CHROMIUM_ENV } from './chromium';
import globalTeardown from './global-teardown';

export default async function browserGlobalTeardown(): Promise<void> {
  const holder = globalThis as { __RESEPTI_CHROMIUM__?: BrowserServer };
  const server = holder.__RESEPTI_CHROMIUM__;
  holder.__RESEPTI_CHROMIUM__ = undefined;
  delete process.env[SHARED_CHROMIUM_ENV];
  await server?.close();
  await globalTeardown();
}
