// The one Module Federation configuration every app imports (STACK trap 5): the shared
// singletons with their required versions, and the remotes with their names and ports.
// A mismatch here would silently fall back to the host's copy, so it lives in one place.

export interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
  eager?: boolean;
}

export const SHARED_SINGLETONS: Record<string, SharedSingleton> = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  'react-router': { singleton: true, requiredVersion: '^7.18.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.108.0' },
  '@chakra-ui/react': { singleton: true, requiredVersion: '3.37.0' },
  '@emotion/react': { singleton: true, requiredVersion: '^11.14.0' },
  rxjs: { singleton: true, requiredVersion: '^7.8.0' },
  '@quarry/shared': { singleton: true, requiredVersion: '^0.1.0' },
};

export type RemoteKey = 'marketing' | 'files' | 'promptsSchemas' | 'jobs' | 'admin';

export interface RemoteDefinition {
  key: RemoteKey;
  /** Module Federation container name. */
  name: string;
  /** Workspace folder and npm package suffix. */
  dir: string;
  /** Default local port (ARCHITECTURE §5). */
  port: number;
  /** Environment variable that overrides the manifest URL at start. */
  env: string;
}

export const REMOTES: readonly RemoteDefinition[] = [
  { key: 'marketing', name: 'mf_marketing', dir: 'mf-marketing', port: 3001, env: 'REMOTE_MARKETING_URL' },
  { key: 'files', name: 'mf_files', dir: 'mf-files', port: 3002, env: 'REMOTE_FILES_URL' },
  { key: 'promptsSchemas', name: 'mf_prompts_schemas', dir: 'mf-prompts-schemas', port: 3003, env: 'REMOTE_PROMPTS_SCHEMAS_URL' },
  { key: 'jobs', name: 'mf_jobs', dir: 'mf-jobs', port: 3004, env: 'REMOTE_JOBS_URL' },
  { key: 'admin', name: 'mf_admin', dir: 'mf-admin', port: 3005, env: 'REMOTE_ADMIN_URL' },
];

export const SHELL_PORT = 3000;
export const API_PORT = 8000;

/** The exposed module every remote provides. */
export const ROUTES_EXPOSE = './routes';
