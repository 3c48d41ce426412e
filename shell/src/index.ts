import { startRemoteLoading } from './federation/startup';

// Read /remotes.json and fetch the remote owning this page while the shell's own shared
// modules download (federation/startup.ts), instead of after the shell's first render.
void startRemoteLoading();
// Async boundary (STACK trap 3): shared singletons are negotiated before any app code runs.
import('./bootstrap');
