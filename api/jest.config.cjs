// API tests run over real HTTP / WebSocket against a real database:
// embedded PGlite by default, a PostgreSQL server when TEST_DATABASE_URL is set.
// The `test` script sets NODE_OPTIONS=--experimental-vm-modules: PGlite's CommonJS build
// loads node built-ins with dynamic import(), which jest's VM only allows with that flag.
const preset = require('../jest.preset.cjs')({ environment: 'node' });

module.exports = {
  ...preset,
  roots: ['<rootDir>/src'],
  // ESM-only packages reached from the API (jose via the preset; content-disposition via @fastify/static;
  // franc-min and its dependencies via OCR language detection)
  transformIgnorePatterns: ['/node_modules/(?!(jose|@tesseract\\.js-data|content-disposition|franc-min|trigram-utils|collapse-white-space|n-gram)/)'],
  // Generous: a test that starts the app and its database can take tens of seconds on a loaded
  // two-core CI machine; a hung test still fails, two minutes later.
  testTimeout: 120_000,
  // One jest process keeps the module registry of every file it ran (about 35 MB a file here,
  // where each file starts the app): over the suite's hundred files the heap passed 1 GB and a
  // file took two to three times as long as alone. With a limit the files run in a worker that
  // is replaced once it holds more than this between files (docs/architecture.md, Tests).
  workerIdleMemoryLimit: '400MB',
  globalSetup: '<rootDir>/src/testing/global-setup.ts',
};
