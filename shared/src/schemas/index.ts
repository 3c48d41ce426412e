// Zod schemas + entity types shared by the API and the UI. Isomorphic: zod only.
export * from './common';
export * from './health';
export * from './users';
export * from './auth';
export * from './credits';
export * from './resources';
export * from './feedback';
export * from './contact';
export * from './realtime';
export * from './files';
export * from './uploads';
export * from './datasets';
export * from './output-schemas';
export * from './prompts';
export * from './examples';
