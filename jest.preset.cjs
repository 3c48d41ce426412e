// One jest configuration for every package, so tests run the same way everywhere.
const path = require('node:path');

/** @param {{ environment?: 'node' | 'jsdom', setupFiles?: string[] }} [options] */
module.exports = function jestPreset(options = {}) {
  const environment = options.environment ?? 'node';
  return {
    // What rsbuild's `source.define` gives app code at build time.
    globals: { __REMOTE_NAME__: path.basename(process.cwd()), __REMOTE_VERSION__: '0.0.0-test' },
    // A screen test types, clicks and waits on real HTTP answers: jest's default 5 s per test
    // is too short on a busy two-core machine (they passed idle and timed out at load 15).
    ...(environment === 'jsdom' ? { testTimeout: 20_000 } : {}),
    testEnvironment: environment === 'jsdom' ? path.join(__dirname, 'scripts/jest-env-jsdom.cjs') : 'node',
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages must go through swc as well; everything else ships CommonJS.
    transformIgnorePatterns: ['/node_modules/(?!(jose|@tesseract\\.js-data)/)'],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    setupFilesAfterEnv: [
      ...(environment === 'jsdom' ? [path.join(__dirname, 'scripts/jest.setup.jsdom.cjs')] : []),
      ...(options.setupFiles ?? []),
    ],
  };
};
