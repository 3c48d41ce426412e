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
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './support/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: path.join(resultsDir, 'playwright-e2e.json') }]],
  outputDir: path.join(resultsDir, 'playwright-artifacts'),
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
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
