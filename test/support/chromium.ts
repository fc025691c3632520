/** Debian's Chromium, headless, with the flags this closed network needs. */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
};

/** Where the run's shared Chromium listens (browser-global-setup.ts); unset outside a jest run. */
export const SHARED_CHROMIUM_ENV = 'TEST_CHROMIUM_WS';
