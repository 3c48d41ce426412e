#!/usr/bin/env node
// Sums every jest and Playwright JSON report under .test-results into one line:
// "<label>: N passed, N failed[, N skipped]". Prints 0 passed when no report exists.
// Tests that could not run on this machine are listed above it with the reason: a jest
// test skipped with " — skipped: <reason>" in its title (api/src/processing/ocr/fixtures/
// engines.ts), and `skipped-<name>.json` files ({ count, reason }) from scripts/test-all.mjs.
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
/** "report: test title — first line of its error", so a CI log's tail names what failed */
const failures = [];
// eslint-disable-next-line no-control-regex -- strips the ANSI colour codes jest puts in its messages
const firstLine = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 3).join(' / ');
/** reason -> how many tests it kept from running */
const reasons = new Map();
const SKIP_MARK = ' — skipped: ';
const because = (reason, n = 1) => reasons.set(reason, (reasons.get(reason) ?? 0) + n);

function countPlaywright(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const status = test.status; // expected | unexpected | flaky | skipped
      if (status === 'expected' || status === 'flaky') passed += 1;
      else if (status === 'skipped') skipped += 1;
      else {
        failed += 1;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`${spec.file ?? ''}: ${spec.title} — ${firstLine(error)}`);
      }
    }
  }
  for (const child of suite.suites ?? []) countPlaywright(child);
}

if (existsSync(dir)) {
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    if (name.startsWith('check-')) {
      // One check outside the test runners (scripts/fresh-clone-check.mjs): { passed, failed }.
      try {
        const check = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
        passed += check.passed ?? 0;
        failed += check.failed ?? 0;
      } catch {
        broken.push(name);
        failed += 1;
      }
      continue;
    }
    if (name.startsWith('skipped-')) {
      try {
        const { count, reason } = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
        skipped += count;
        because(reason, count);
      } catch {
        broken.push(name);
      }
      continue;
    }
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
      for (const file of report.testResults ?? []) {
        const where = path.relative(root, file.name ?? '');
        if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') failures.push(`${where}: ${firstLine(file.message)}`);
        for (const test of file.assertionResults ?? []) {
          if (test.status === 'failed') failures.push(`${where}: ${test.fullName ?? test.title} — ${firstLine(test.failureMessages?.[0])}`);
          const at = test.title.indexOf(SKIP_MARK);
          if (test.status === 'pending' && at >= 0) because(test.title.slice(at + SKIP_MARK.length));
        }
      }
    } else if (name.startsWith('playwright-')) {
      for (const suite of report.suites ?? []) countPlaywright(suite);
      failed += (report.errors ?? []).length;
      for (const error of report.errors ?? []) failures.push(`${name}: ${firstLine(error.message)}`);
    }
  }
}
for (const failure of failures) console.log(`${label}: failed ${failure.slice(0, 400)}`);
for (const [reason, n] of reasons) console.log(`${label}: ${n} skipped because ${reason}`);
if (broken.length) console.error(`unreadable reports: ${broken.join(', ')}`);
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
