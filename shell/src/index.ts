import { startRemoteLoading } from './federation/startup';

// zod compiles object parsers with `new Function` unless told not to, and probes for it when
// its first object schema is built: under the app's Content-Security-Policy (no
// 'unsafe-eval') that probe is reported as a violation. zod keeps its settings on this
// global, shared by every copy of zod in the page (the shell's and the remotes'), so setting
// it here, before any app code loads, covers them all without pulling zod into this entry.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

// Read /remotes.json and fetch the remote owning this page while the shell's own shared
// modules download (federation/startup.ts), instead of after the shell's first render.
void startRemoteLoading();
// Async boundary: shared singletons are negotiated by the Module Federation runtime before any
// app code runs; without this dynamic import the app fails with RUNTIME-006.
import('./bootstrap');
