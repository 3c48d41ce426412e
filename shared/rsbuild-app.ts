// Build configuration shared by the shell and every remote, so all six apps are
// built the same way. Only imported by rsbuild.config.ts files (build time).
import { readFileSync } from 'node:fs';
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

/** A remote: exposes `./routes`, shares the singletons, serves its chunks from wherever it is deployed. */
export function defineRemoteConfig(dir: string, appDir = process.cwd()) {
  const remote = REMOTES.find((r) => r.dir === dir);
  if (!remote) throw new Error(`unknown remote ${dir}`);
  const version = buildVersion(appDir);
  // STACK trap 7: a production remote uses the shell's MF runtime instead of carrying its
  // own copy. The standalone harness needs a runtime of its own, so it exists only under
  // `rsbuild dev`; a production remote is served for the shell alone.
  return defineConfig(({ command }): RsbuildConfig => {
    const production = command === 'build' && process.env.MF_EXTERNAL_RUNTIME !== 'false';
    return {
      plugins: [
        pluginReact(),
        pluginModuleFederation({
          name: remote.name,
          exposes: { [ROUTES_EXPOSE]: './src/routes.tsx' },
          shared: SHARED_SINGLETONS,
          dts: false,
          experiments: { externalRuntime: production, optimization: { target: 'web' } },
        }),
        pluginPrecompress(),
      ],
      tools: { htmlPlugin: !production, rspack: { output: { uniqueName: remote.name } } },
      source: {
        entry: { index: './src/index.ts' },
        define: {
          __REMOTE_NAME__: JSON.stringify(remote.dir),
          __REMOTE_VERSION__: JSON.stringify(version),
        },
      },
      html: { title: `Quarry — ${remote.dir} (standalone)` },
      // STACK trap 2: chunks are fetched relative to wherever remoteEntry.js was loaded from.
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
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: 'quarry_shell',
        remotes: {},
        shared: SHARED_SINGLETONS,
        dts: false,
        // STACK trap 1: never fetch every remote at start-up.
        shareStrategy: 'loaded-first',
        // `target: 'web'` leaves the runtime's Node-only loading code out of the browser bundle.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      pluginPrecompress(),
    ],
    source: {
      entry: { index: './src/index.ts' },
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
  });
}
