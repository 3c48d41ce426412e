// @quarry/shared — one instance in the page (Module Federation singleton): the API client,
// the session, the event bus, the error catalogue, the formatters and the UI kit.
export * from './api';
export * from './errors';
export * from './auth';
export * from './events';
export * from './format';
export * from './ui';
export * from './remote/index';
export * from './paths';
export * from './query-keys';
export * from './site';
