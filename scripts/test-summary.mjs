#!/usr/bin/env node
// Sums every jest and Playwright JSON report under .test-results into one line:
// "<label>: N passed, N failed". Prints 0 passed when no report exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.TEST_RESULTS_DIR ?? path.join(root, '.test-results');
const label = process.argv[2] ?? 'tests';

let passed = 0;
let failed = 0;
let skipped = 0;
const broken = [];

function countPlaywright(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const status = test.status; // expected | unexpected | flaky | skipped
      if (status === 'expected' || status === 'flaky') passed += 1;
      else if (status === 'skipped') skipped += 1;
      else failed += 1;
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child);
}

if (existsSync(dir)) {
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    let report;
    try {
      report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      broken.push(name);
      failed += 1;
      continue;
    }
    if (name.startsWith('jest-')) {
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      // A suite that failed to run (syntax error, crash) has no tests but must count.
      failed += report.numRuntimeErrorTestSuites ?? 0;
    } else if (name.startsWith('playwright-')) {
      for (const suite of report.suites ?? []) countPlaywright(suite);
      failed += (report.errors ?? []).length;
    }
  }
}
if (broken.length) console.error(`unreadable reports: ${broken.join(', ')}`);
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
