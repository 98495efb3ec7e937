export * from './accounts';
export * from './permissions';
export * from './profile';
