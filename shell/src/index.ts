import { startRemoteLoading } from './federation/startup';

// Read /remotes.json and fetch the remote owning this page while the shell's own shared
// modules download (federation/startup.ts), instead of after the shell's first render.
void startRemoteLoading();
// Async boundary: shared singletons are negotiated by the Module Federation runtime before any
// app code runs; without this dynamic import the app fails with RUNTIME-006.
import('./bootstrap');
