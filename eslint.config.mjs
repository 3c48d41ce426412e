import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Boundaries (docs/architecture.md, "Packages"; docs/decisions/0009-import-boundaries-held-by-the-linter.md).
// Each one is proved to fire by shared/src/testing/lintBoundaries.test.ts, which lints
// deliberately bad files.
const REMOTES = ['mf-marketing', 'mf-files', 'mf-prompts-schemas', 'mf-jobs', 'mf-admin'];
/** Shell folders that are screens; the rest (layouts, router, realtime, session, lib, …) is the frame that wires them. */
const SHELL_FEATURES = ['account', 'auth', 'credit-request', 'feedback', 'settings', 'websocket-test'];
const UI_PACKAGES = '^(react|react-dom|react-router|@chakra-ui|@emotion|@tanstack/react-query|lucide-react|next-themes)(/|$)';

const restricted = (...patterns) => ['error', { patterns }];

/** A remote's feature folders: every folder of its src/ but common/ (what features share) and test/. */
const featuresOf = (remote) =>
  fs
    .readdirSync(path.join(root, remote, 'src'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !['common', 'test'].includes(d.name))
    .map((d) => d.name);

/** Features of one folder never import each other: each pair is a zone of import-x/no-restricted-paths. */
const noCrossFeatureImports = (dir, features, message) => [
  'error',
  {
    zones: features.flatMap((target) =>
      features.filter((from) => from !== target).map((from) => ({ target: path.join(root, dir, target), from: path.join(root, dir, from), message })),
    ),
  },
];

// File names as the code names them today: in the apps, PascalCase for components and
// camelCase for the rest (`FileLibrary.tsx`, `queries.ts`); in the API, kebab-case
// (`review-export`, `json-schema.ts`). What comes after the first dot (`.test`, `.owned`) is free.
const FILENAME_CASES = {
  app: { pattern: '^[A-Za-z][A-Za-z0-9]*$', says: 'PascalCase (components) or camelCase, e.g. FileLibrary.tsx, queries.ts' },
  api: { pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', says: 'kebab-case, e.g. json-schema.ts' },
};
const quarry = {
  rules: {
    'filename-case': {
      meta: { type: 'suggestion', schema: [{ enum: Object.keys(FILENAME_CASES) }] },
      create(context) {
        const { pattern, says } = FILENAME_CASES[context.options[0]];
        const name = path.basename(context.filename).split('.')[0];
        return {
          Program(node) {
            if (!new RegExp(pattern).test(name)) context.report({ node, message: `File name "${path.basename(context.filename)}": ${says}.` });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The repository's Node scripts and benchmarks (plain ES modules run by node).
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'eslint.config.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Older scripts name their globals in a /* global */ comment: harmless, not a redeclaration.
      'no-redeclare': ['error', { builtinGlobals: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Browser benches hand functions to page.evaluate(), which run in the page.
    files: ['bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The CommonJS jest helpers: Node modules, the jsdom setup with the browser's globals too.
    files: ['scripts/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.browser } },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // import-x reads .ts/.tsx files only when told to (else no-cycle sees no edges).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['api', 'e2e', 'shared', 'shell', ...REMOTES].map((p) => path.join(root, p, 'tsconfig.json')),
        }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // No import cycles anywhere; type-only imports vanish at build time and are left out.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      // A relative path never crosses into another workspace: packages talk by name.
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    // A remote imports only @quarry/shared and its own files: never the shell, another remote or the API.
    files: REMOTES.map((r) => `${r}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': restricted({
        regex: '^@quarry/(?!shared(/|$))',
        message: 'A remote imports only @quarry/shared and its own files (never the shell, another remote or the API).',
      }),
    },
  },
  {
    // API paths are relative to the client's base (/api/v1/): written without a leading slash.
    // The client's own test passes slashes on purpose, to prove that they are ignored.
    files: ['shell/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}', ...REMOTES.map((r) => `${r}/src/**/*.{ts,tsx}`)],
    ignores: ['shared/src/api/client.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[String.raw`[arguments.0.value=/^\u002F/]`, String.raw`[arguments.0.quasis.0.value.raw=/^\u002F/]`].map((arg) => ({
          selector: `CallExpression[callee.object.name='api']${arg}`,
          message: "API paths are relative to /api/v1/: write api.get('files/my-files'), without a leading slash.",
        })),
      ],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', ...REMOTES.map((r) => `${r}/src/**/*.{ts,tsx}`)],
    ignores: ['**/*.d.ts'],
    plugins: { quarry },
    rules: { 'quarry/filename-case': ['error', 'app'] },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['**/*.d.ts'],
    plugins: { quarry },
    rules: { 'quarry/filename-case': ['error', 'api'] },
  },
  {
    // Playwright's fixtures hand each value on with a function named `use`, which the React
    // hooks rule takes for React's `use()`: the browser suite has no React code to check.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  // A remote's features never import each other: what two need lives in that remote's common/.
  // (A test may render another feature's page.)
  ...REMOTES.map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': noCrossFeatureImports(
        `${remote}/src`,
        featuresOf(remote),
        `Features of ${remote} never import each other: move what both need to ${remote}/src/common/.`,
      ),
    },
  })),
  {
    // The shell imports no remote's code (remotes arrive at run time through Module Federation).
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restricted({
        regex: '^@quarry/(?!shared(/|$))',
        message: 'The shell imports only @quarry/shared; remotes are loaded at run time, never imported.',
      }),
    },
  },
  {
    // Shared is below every app: it imports none of them.
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restricted({
        regex: '^@quarry/(?!shared(/|$))',
        message: '@quarry/shared imports no app: move the code into shared, or keep it in the app.',
      }),
    },
  },
  {
    // The isomorphic part of shared (what the API may import) stays free of UI code.
    files: ['shared/src/schemas/**/*.ts', 'shared/src/review/**/*.ts', 'shared/src/constants.ts'],
    rules: {
      'no-restricted-imports': restricted(
        { regex: UI_PACKAGES, message: 'Schemas and constants are isomorphic: the API imports them, so no UI or React here.' },
        { regex: '^\\.\\./(?!constants$|schemas(/|$))', message: 'Schemas and constants are isomorphic: import only zod, other schemas and ../constants.' },
        { regex: '^@quarry/', message: 'Schemas and constants are isomorphic: import only zod, other schemas and ../constants.' },
      ),
    },
  },
  {
    // The API imports only the isomorphic part of shared: schemas and constants, never the UI kit, the client or React.
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': restricted(
        {
          regex: '^@quarry/(?!shared/(schemas|constants|review)$)',
          message: 'The API imports only @quarry/shared/schemas, /constants and /review (the isomorphic part of shared).',
        },
        { regex: UI_PACKAGES, message: 'The API has no UI: React, Chakra and the router belong to the apps.' },
      ),
    },
  },
  {
    // Shell features never import each other: what two need lives in the frame (lib/, session/, …) or in shared.
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: SHELL_FEATURES.flatMap((target) =>
            SHELL_FEATURES.filter((from) => from !== target).map((from) => ({
              target: path.join(root, 'shell/src', target),
              from: path.join(root, 'shell/src', from),
              message: 'Shell features never import each other: move what both need to shell/src/lib (or @quarry/shared).',
            })),
          ),
        },
      ],
    },
  },
);
