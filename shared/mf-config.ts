// The one Module Federation configuration every app imports: the shared
// singletons with their required versions, and the remotes with their names and ports.
// A mismatch here would silently fall back to the host's copy, so it lives in one place.

import apps from './apps.json';

export interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
  eager?: boolean;
}

/**
 * `@chakra-ui/react` is shared too, one singleton per public entry point of the package
 * (`@chakra-ui/react/button`, `/styled-system`…) so a page loads only the components it
 * renders: see `chakraShared` in rsbuild-app.ts and shared/chakra/.
 */
export const SHARED_SINGLETONS: Record<string, SharedSingleton> = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  'react-router': { singleton: true, requiredVersion: '^7.18.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.108.0' },
  '@emotion/react': { singleton: true, requiredVersion: '^11.14.0' },
  rxjs: { singleton: true, requiredVersion: '^7.8.0' },
  '@quarry/shared': { singleton: true, requiredVersion: '^0.1.0' },
};

export type RemoteKey = 'marketing' | 'files' | 'promptsSchemas' | 'jobs' | 'admin';

/**
 * A path pattern a remote owns, inside one of the shell's two layouts. The shell mounts a
 * placeholder on each pattern until the remote's real routes are loaded, so the remote's
 * code is fetched only when one of its pages is opened (and an outage stays local).
 */
export interface OwnedPath {
  area: 'public' | 'authed';
  /** react-router path relative to the layout; `''` is the index route. */
  path: string;
}

export interface RemoteDefinition {
  key: RemoteKey;
  /** Module Federation container name. */
  name: string;
  /** Workspace folder and npm package suffix. */
  dir: string;
  /** Default local port. */
  port: number;
  /** Environment variable that overrides the manifest URL at start. */
  env: string;
  /** Where its routes live (docs/decisions/0001-remotes-own-paths-shell-owns-layouts.md). */
  owns: readonly OwnedPath[];
}

/** The table itself is JSON so the plain-Node start scripts read the same one. */
export const REMOTES: readonly RemoteDefinition[] = apps.remotes as RemoteDefinition[];

export const SHELL_PORT: number = apps.shellPort;
export const API_PORT: number = apps.apiPort;

/** The exposed module every remote provides. */
export const ROUTES_EXPOSE = './routes';

/** The body of `/remotes.json`: each remote's manifest URL from its environment variable, else the local port. */
export function remotesJson(env: Record<string, string | undefined>, host = 'localhost'): { remotes: Record<RemoteKey, string> } {
  const remotes = {} as Record<RemoteKey, string>;
  for (const r of REMOTES) remotes[r.key] = env[r.env] || `http://${host}:${r.port}/mf-manifest.json`;
  return { remotes };
}
