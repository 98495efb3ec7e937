export * from './schema';
export * from './support';
export * from './validators';
