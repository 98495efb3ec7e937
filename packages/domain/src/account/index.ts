export * from './accounts';
export * from './grants';
export * from './permissions';
export * from './profile';
