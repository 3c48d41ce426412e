// The review loop's isomorphic logic (docs/review-api.md): what the API and the remotes must
// compute the same way (the Unified Dataset, JSON paths of its values). Pure TypeScript,
// zod-free, no UI.
export * from './unify';
export * from './paths';
export * from './display';
