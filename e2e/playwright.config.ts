import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BASE_URL } from './support/env';

const resultsDir = process.env.TEST_RESULTS_DIR ?? path.resolve(__dirname, '../.test-results');

export default defineConfig({
  testDir: './tests',
  // Two cores: one browser at a time keeps the timings honest and the suite stable.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  // CI runs this suite beside the API suite on two cores, where a page took twice as long as
  // on a quiet machine and a remote's first load passed 10 s: the waits double there. A
  // passing test takes no longer for it; only a failing one waits longer to fail.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  globalSetup: './support/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: path.join(resultsDir, 'playwright-e2e.json') }]],
  outputDir: path.join(resultsDir, 'playwright-artifacts'),
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every action a DOM snapshot: in CI (one retry) only the retry of a
    // failed test records one, which is the run worth reading; locally every failure keeps one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
