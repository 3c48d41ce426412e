// The review loop's isomorphic logic (docs/review-api.md): what the API and the remotes must
// compute the same way (the Unified Dataset, JSON paths of its values). Pure TypeScript,
// zod-free, no UI. Its names are listed on purpose; src/entrySurfaces.test.ts pins them.
export {
  cellText, columnsOf, fieldLabel, ROWS_KEY, splitRecord, unifiedPathOf, unifyResults, unifyTraced,
  type UnifiedOrigin, type UnifiedRecord,
} from './unify';
export {
  childPath, isUnder, parsePath, pathOf, type PathSegment,
} from './paths';
export {
  formatRecordValue,
} from './display';

