export * from './match';
export * from './readings';
