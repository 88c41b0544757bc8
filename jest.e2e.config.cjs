// Browser tests: puppeteer in Debian's Chromium (and test/e2e/engines/ in Firefox and WebKit too)
// against a demo server started on a free port.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test/e2e'],
  transform: { '^.+\\.(t|j)sx?$': require('./jest.swc.cjs') },
  // the shared sources import each other as ES modules do ('./hostEvents.js' for hostEvents.ts)
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
  globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/e2e/flightLogInvariant.ts'],
  testTimeout: 60000,
  // the fault matrix's cases, each in its own browser context and fault scope, three at a time
  maxConcurrency: 3,
  bail: 1,
};
