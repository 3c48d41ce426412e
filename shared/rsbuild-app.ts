// Build configuration shared by the shell and every remote, so all six apps are
// built the same way. Only imported by rsbuild.config.ts files (build time).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { API_PORT, REMOTES, ROUTES_EXPOSE, SHARED_SINGLETONS, SHELL_PORT, remotesJson } from './mf-config';
import { pluginPrecompress } from './rsbuild-precompress';

function buildVersion(appDir: string): string {
  if (process.env.REMOTE_VERSION) return process.env.REMOTE_VERSION;
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { version: string };
  return `${pkg.version}+${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
}

interface Middlewares {
  use(
    fn: (
      req: { url?: string },
      res: { setHeader(name: string, value: string): void; end(body: string): void },
      next: () => void,
    ) => void,
  ): void;
}

const cacheHeaders = { 'Access-Control-Allow-Origin': '*' };

interface ChakraEntries {
  version: string;
  entryPoints: string[];
  internal: string[];
}

/**
 * Chakra shared per entry point (docs/decisions/0011-chakra-shared-per-entry-point.md).
 * Every app resolves the bare `@chakra-ui/react` to shared/chakra/index.js, which re-exports each name from the
 * package's public entry point carrying that binding; each entry point is a singleton. The
 * shell provides every one of them (a remote may use any component without a shell deploy)
 * and loads only those a page renders; a remote consumes (by prefix) the ones it imports.
 * All of Chakra's internals therefore run from the shell's one copy.
 */
function chakraShared(appDir: string, role: 'shell' | 'remote', hostProvides = false) {
  const sharedDir = path.join(appDir, '../shared');
  const entries = JSON.parse(readFileSync(path.join(sharedDir, 'chakra/entries.json'), 'utf8')) as ChakraEntries;
  const pkgJson = createRequire(path.join(sharedDir, 'package.json')).resolve('@chakra-ui/react/package.json');
  const installed = (JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string }).version;
  if (installed !== entries.version) {
    throw new Error(`@chakra-ui/react ${installed} is installed but shared/chakra/ was generated for ${entries.version}: run node scripts/chakra-entries.mjs`);
  }
  const config: { singleton: true; requiredVersion: string; version: string; import?: false } = { singleton: true, requiredVersion: entries.version, version: entries.version };
  // A production remote carries no copy of its own: the shell always provides every entry
  // point, and a second Chakra would not see the shell's provider anyway.
  const consumed = hostProvides ? { ...config, import: false as const } : config;
  const shared: Record<string, typeof config> =
    role === 'remote'
      ? { '@chakra-ui/react/': consumed, '@quarry/chakra-internal/': consumed }
      : Object.fromEntries([...entries.entryPoints, ...entries.internal].map((key) => [key, config]));
  const alias = {
    '@chakra-ui/react$': path.join(sharedDir, 'chakra/index.js'),
    '@quarry/chakra-internal': path.join(path.dirname(pkgJson), 'dist/esm'),
  };
  return { shared, alias, provideEvery: path.join(sharedDir, 'chakra/every-entry-point.js') };
}

/** A remote: exposes `./routes`, shares the singletons, serves its chunks from wherever it is deployed. */
export function defineRemoteConfig(dir: string, appDir = process.cwd()) {
  const remote = REMOTES.find((r) => r.dir === dir);
  if (!remote) throw new Error(`unknown remote ${dir}`);
  const version = buildVersion(appDir);
  // A production remote uses the shell's MF runtime instead of carrying its
  // own copy. The standalone harness needs a runtime of its own, so it exists only under
  // `rsbuild dev`; a production remote is served for the shell alone.
  return defineConfig(({ command }): RsbuildConfig => {
    const production = command === 'build' && process.env.MF_EXTERNAL_RUNTIME !== 'false';
    const chakra = chakraShared(appDir, 'remote', production);
    return {
      plugins: [
        pluginReact(),
        pluginModuleFederation({
          name: remote.name,
          exposes: { [ROUTES_EXPOSE]: './src/routes.tsx' },
          shared: { ...SHARED_SINGLETONS, ...chakra.shared },
          dts: false,
          experiments: { externalRuntime: production, optimization: { target: 'web' } },
        }),
        pluginPrecompress(),
      ],
      tools: { htmlPlugin: !production, rspack: { output: { uniqueName: remote.name } } },
      resolve: { alias: chakra.alias },
      source: {
        entry: { index: './src/index.ts' },
        define: {
          __REMOTE_NAME__: JSON.stringify(remote.dir),
          __REMOTE_VERSION__: JSON.stringify(version),
        },
      },
      html: { title: `Quarry — ${remote.dir} (standalone)` },
      // 'auto': chunks are fetched relative to wherever remoteEntry.js was loaded from.
      output: { assetPrefix: 'auto', cleanDistPath: command === 'build', distPath: { root: process.env.DIST_PATH ?? 'dist' } },
      server: { port: Number(process.env.PORT ?? remote.port), strictPort: true, headers: cacheHeaders, proxy: apiProxy(), historyApiFallback: true },
      // Absolute in dev: the harness serves nested routes, and the shell loads it cross-origin.
      dev: { assetPrefix: `http://localhost:${remote.port}`, lazyCompilation: false },
    };
  });
}

function apiProxy() {
  const target = `http://localhost:${process.env.API_PORT ?? API_PORT}`;
  return { '/api': { target }, '/ws': { target, ws: true } };
}

/** The host: no build-time remotes (they come from /remotes.json at start), loaded-first sharing. */
export function defineShellConfig(appDir = process.cwd()): RsbuildConfig {
  const version = buildVersion(appDir);
  const chakra = chakraShared(appDir, 'shell');
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: 'quarry_shell',
        remotes: {},
        shared: { ...SHARED_SINGLETONS, ...chakra.shared },
        dts: false,
        // Never fetch every remote at start-up (docs/architecture.md, Runtime composition).
        shareStrategy: 'loaded-first',
        // `target: 'web'` leaves the runtime's Node-only loading code out of the browser bundle.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      pluginPrecompress(),
    ],
    source: {
      entry: { index: ['./src/index.ts', chakra.provideEvery] },
      define: { __REMOTE_NAME__: JSON.stringify('shell'), __REMOTE_VERSION__: JSON.stringify(version) },
    },
    html: { title: 'Quarry', favicon: './public/favicon.svg' },
    output: { cleanDistPath: true, distPath: { root: process.env.DIST_PATH ?? 'dist' } },
    server: {
      port: Number(process.env.SHELL_PORT ?? SHELL_PORT),
      proxy: apiProxy(),
      historyApiFallback: true,
      // `npm run dev` / preview: the same runtime remote configuration as production.
      setup: (ctx) => {
        const { middlewares } = (ctx as unknown as { server: { middlewares: Middlewares } }).server;
        middlewares.use((req, res, next) => {
          if (!req.url?.startsWith('/remotes.json')) return next();
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(remotesJson(process.env)));
        });
      },
    },
    tools: { rspack: { output: { uniqueName: 'quarry_shell' } } },
    resolve: { alias: chakra.alias },
  });
}
