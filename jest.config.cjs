// One jest run covers every tier: domain unit tests, API/socket tests over HTTP
// against a real PostgreSQL, and browser tests in Debian's Chromium.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];
const shared = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@resepti/domain$': '<rootDir>/libs/domain/src/index.ts',
    '^@resepti/domain/locales$': '<rootDir>/libs/domain/src/locales/all.ts',
    '^@resepti/integrator-client$': '<rootDir>/libs/integrator-client/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  // The one t() of @resepti/domain, started with every language (libs/domain/src/locales/all.ts).
  setupFiles: ['<rootDir>/test/support/i18n-setup.ts'],
};
module.exports = {
  // Each API/browser test file starts its own API process (on a database cloned from the run's
  // template; browser files share the run's Chromium): two workers fit the 2-core machine.
  maxWorkers: 2,
  // Also the hooks' budget: a beforeAll that starts the API waits up to 90 s for it on a loaded
  // machine (test/support/app.ts), so the hook must be allowed longer than that.
  testTimeout: 120_000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.cjs'],
  rootDir: __dirname,
  projects: [
    { ...shared, displayName: 'domain', rootDir: __dirname, testMatch: ['<rootDir>/libs/domain/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'api',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/api/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'browser',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/browser-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/browser-global-teardown.ts',
    },
  ],
};
