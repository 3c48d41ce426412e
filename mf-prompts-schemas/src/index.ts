// Async boundary (STACK trap 3): shared singletons are negotiated before any app code runs.
import('./bootstrap');
