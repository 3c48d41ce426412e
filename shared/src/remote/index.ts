export * from './types.js';
export { crumbsFor, crumbTrail, type CrumbItem } from './crumbsFor.js';
export { defineRemote } from './defineRemote.js';
export { lazyScreen } from './lazyScreen.js';
export { PlannedScreen } from './PlannedScreen.js';
export { RemoteBoundary } from './RemoteBoundary.js';
export { renderStandalone } from './standalone.js';
