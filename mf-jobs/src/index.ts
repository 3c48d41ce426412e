// Async boundary: shared singletons are negotiated by the Module Federation runtime before any
// app code runs; without this dynamic import the remote fails with RUNTIME-006.
import('./bootstrap');
