// Test helpers: a remote loader whose remotes declare sidebar entries, as the real remotes do.
import type { NavEntry, RemoteRoutesModule } from '@quarry/shared';
import type { RemoteKey } from '@quarry/shared/mf-config';
import type { ReactNode } from 'react';
import { RemoteLoader, type FederationRuntime } from '../../federation/remoteLoader';
import { RemoteLoaderContext } from '../../federation/RemoteLoaderContext';
import { defaultRemoteUrls } from '../../federation/remotesConfig';

const e = (to: string, label: string, group: NavEntry['group'], order: number, extra: Partial<NavEntry> = {}): NavEntry => ({ to, label, group, order, ...extra });

/** What each remote declares (the same entries the remotes' routes modules export). */
export const TEST_NAV: Partial<Record<RemoteKey, NavEntry[]>> = {
  files: [e('/files', 'Files & Datasets', 'work', 100), e('/datasets', 'Datasets', 'work', 110)],
  promptsSchemas: [
    e('/prompts', 'Prompts', 'work', 200),
    e('/output-schemas', 'Output Schemas', 'work', 210, { keywords: ['json'] }),
    e('/llm-test', 'LLM Test', 'tools', 100),
  ],
  jobs: [
    e('/jobs', 'Jobs', 'work', 300, { end: true }),
    e('/jobs/ocr', '1. OCR', 'work', 310, { nested: true }),
    e('/jobs/evaluation', 'Evaluation', 'work', 400),
    e('/chunking-test', 'Chunking Test', 'tools', 200),
  ],
  admin: [e('/admin', 'Admin', 'admin', 100, { superuser: true })],
};

const NAMES: Record<string, RemoteKey> = { mf_files: 'files', mf_prompts_schemas: 'promptsSchemas', mf_jobs: 'jobs', mf_admin: 'admin', mf_marketing: 'marketing' };

/** A loader over a scripted MF runtime: each remote answers its TEST_NAV, or fails when listed in `failing`. */
export function testLoader(failing: RemoteKey[] = []) {
  const loads: RemoteKey[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    loadRemote: async <T,>(id: string) => {
      const key = NAMES[id.split('/')[0]!]!;
      loads.push(key);
      if (failing.includes(key)) throw new Error(`${key} is down`);
      const module: RemoteRoutesModule = { name: `mf-${key}`, version: 'test', routes: [], nav: TEST_NAV[key] ?? [] };
      return { default: module } as T;
    },
  };
  const loader = new RemoteLoader(defaultRemoteUrls({ protocol: 'http:', hostname: 'localhost' } as Location), runtime, 5000);
  return { loader, loads };
}

export function WithLoader({ loader, children }: { loader: RemoteLoader; children: ReactNode }) {
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}
