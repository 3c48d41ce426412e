// Injected at build time by rsbuild (`source.define`) in every app.
declare const __REMOTE_NAME__: string;
declare const __REMOTE_VERSION__: string;
