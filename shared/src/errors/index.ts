export * from './app-error';
export * from './auth-messages';
export * from './area-messages';
export * from './handler';
