/** @jest-environment node */
// The import boundaries in eslint.config.mjs fire: each case writes a deliberately bad
// file where the rule applies, lints it with the repository's own configuration (the real
// ESLint CLI), and expects that rule's error, and a well-behaved twin that passes. The
// files live in a throw-away folder per package and are removed afterwards.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
// camelCase, so the throw-away files pass the apps' file-name rule themselves
const tag = `lintBoundary${process.pid}x`;

interface Case {
  name: string;
  /** files to write, relative to the repository root; the first one is linted and judged */
  files: Record<string, string>;
  /** rule id expected on the first file, or null for "no error" */
  rule: string | null;
}

const CASES: Case[] = [
  {
    name: 'a remote imports another remote',
    files: { [`mf-files/src/${tag}/bad.ts`]: "export { default } from '@quarry/mf-jobs/src/routes';\n" },
    rule: 'no-restricted-imports',
  },
  {
    name: 'a remote imports the shell',
    files: { [`mf-jobs/src/${tag}/bad.ts`]: "export * from '@quarry/shell/src/routes';\n" },
    rule: 'no-restricted-imports',
  },
  {
    name: 'a remote reaches into the shell by a relative path',
    files: { [`mf-admin/src/${tag}/bad.ts`]: "export { publicRoutes } from '../../../shell/src/routes';\n" },
    rule: 'import-x/no-relative-packages',
  },
  {
    name: 'a remote importing @quarry/shared and its own files is fine',
    files: {
      [`mf-files/src/${tag}/good.ts`]: "import { paths } from '@quarry/shared';\nimport { local } from './local';\nexport const both = [paths, local];\n",
      [`mf-files/src/${tag}/local.ts`]: 'export const local = 1;\n',
    },
    rule: null,
  },
  {
    name: 'shared imports an app',
    files: { [`shared/src/${tag}/bad.ts`]: "export * from '@quarry/shell/src/routes';\n" },
    rule: 'no-restricted-imports',
  },
  {
    name: 'the API imports the UI part of shared',
    files: { [`api/src/${tag}/bad.ts`]: "export { api } from '@quarry/shared';\n" },
    rule: 'no-restricted-imports',
  },
  {
    name: 'the API imports React',
    files: { [`api/src/${tag}/bad.ts`]: "export { useState } from 'react';\n" },
    rule: 'no-restricted-imports',
  },
  {
    name: 'the API importing schemas, constants and the review logic is fine',
    files: { [`api/src/${tag}/good.ts`]: "export * from '@quarry/shared/schemas';\nexport * from '@quarry/shared/constants';\nexport * from '@quarry/shared/review';\n" },
    rule: null,
  },
  {
    name: 'a schema imports the UI kit (it would drag React into the API)',
    files: { [`shared/src/schemas/${tag}.ts`]: "export { StatusBadge } from '../ui';\n" },
    rule: 'no-restricted-imports',
  },
  {
    name: 'two modules import each other',
    files: {
      [`shell/src/${tag}/a.ts`]: "import { b } from './b';\nexport const a = (): unknown => b;\n",
      [`shell/src/${tag}/b.ts`]: "import { a } from './a';\nexport const b = (): unknown => a;\n",
    },
    rule: 'import-x/no-cycle',
  },
  {
    name: 'a shell feature imports another feature',
    files: { [`shell/src/settings/${tag}.ts`]: "export { accountKeys } from '../account/queries';\n" },
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a shell feature importing the frame (lib/) is fine',
    files: { [`shell/src/settings/${tag}.ts`]: "export { useResourceLimits } from '../lib/resourceLimits';\n" },
    rule: null,
  },
  {
    name: 'an app writes an API path with a leading slash',
    files: { [`mf-admin/src/${tag}/bad.ts`]: "import { api } from '@quarry/shared';\nexport const load = (id: string) => api.get(`/admin/users/${id}`);\n" },
    rule: 'no-restricted-syntax',
  },
  {
    name: 'shared writes an API path with a leading slash',
    files: { [`shared/src/${tag}/bad.ts`]: "import { api } from '../api';\nexport const load = () => api.get('/site');\n" },
    rule: 'no-restricted-syntax',
  },
  {
    name: 'an API path relative to the base is fine',
    files: { [`shell/src/${tag}/good.ts`]: "import { api } from '@quarry/shared';\nexport const load = (id: string) => api.get(`admin/users/${id}`);\n" },
    rule: null,
  },
  {
    name: 'a feature of a remote imports another feature',
    files: { [`mf-marketing/src/checkout/${tag}.ts`]: "export { Faq } from '../pricing/Faq';\n" },
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "a feature importing its remote's common/ is fine",
    files: { [`mf-marketing/src/checkout/${tag}.ts`]: "export { PLANS } from '../common/plans';\n" },
    rule: null,
  },
  {
    name: 'an app file named in kebab-case',
    files: { [`mf-files/src/${tag}/file-list.ts`]: 'export const list = 1;\n' },
    rule: 'quarry/filename-case',
  },
  {
    name: 'an API file named in camelCase',
    files: { [`api/src/${tag}/jsonSchema.ts`]: 'export const schema = 1;\n' },
    rule: 'quarry/filename-case',
  },
  {
    name: 'an API file named in kebab-case is fine',
    files: { [`api/src/${tag}/json-schema.ts`]: 'export const schema = 1;\n' },
    rule: null,
  },
  {
    name: 'a Node script is linted, with Node globals',
    files: { [`scripts/${tag}/ok.mjs`]: 'console.log(process.argv.length);\n' },
    rule: null,
  },
  {
    name: 'a benchmark naming an undefined variable',
    files: { [`bench/${tag}/bad.mjs`]: 'export const figure = notDefinedAnywhere;\n' },
    rule: 'no-undef',
  },
];

interface EslintResult {
  filePath: string;
  messages: Array<{ ruleId: string | null; severity: number; message: string }>;
}

let results: EslintResult[] = [];
const written: string[] = [];

beforeAll(() => {
  // One ESLint run for every case (it takes seconds to start): each case in its own folder.
  const first: string[] = [];
  CASES.forEach((c, i) => {
    Object.entries(c.files).forEach(([rel, text], j) => {
      const file = path.join(root, rel.replace(tag, `${tag}${i}`));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      written.push(file);
      if (j === 0) first.push(file);
    });
  });
  const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js');
  const run = spawnSync(process.execPath, [eslint, '--format', 'json', '--no-warn-ignored', ...first], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`eslint did not run: ${run.stderr}`);
  results = JSON.parse(run.stdout) as EslintResult[];
}, 120_000);

afterAll(() => {
  for (const file of written) {
    rmSync(file, { force: true });
    const dir = path.dirname(file);
    if (path.basename(dir).startsWith('lintBoundary')) rmSync(dir, { recursive: true, force: true });
  }
});

describe('eslint.config.mjs holds the boundaries', () => {
  it.each(CASES.map((c, i) => [c.name, i] as const))('%s', (_name, i) => {
    const c = CASES[i]!;
    const file = path.join(root, Object.keys(c.files)[0]!.replace(tag, `${tag}${i}`));
    const result = results.find((r) => r.filePath === file);
    expect(result).toBeDefined();
    const errors = result!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
    if (c.rule === null) expect(errors).toEqual([]);
    else expect(errors).toContain(c.rule);
  });
});
