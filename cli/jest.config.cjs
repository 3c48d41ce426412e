// The CLI's tests run it in-process against a real API (over HTTP, on embedded PGlite or the
// PostgreSQL server of TEST_DATABASE_URL), started like the API's own tests start it.
const preset = require('../jest.preset.cjs')({ environment: 'node' });

module.exports = {
  ...preset,
  roots: ['<rootDir>/src'],
  // the API's own list: these tests load the API in-process, OCR and its language detection included
  transformIgnorePatterns: require('../api/jest.config.cjs').transformIgnorePatterns,
  testTimeout: 120_000,
  globalSetup: '<rootDir>/../api/src/testing/global-setup.ts',
};
