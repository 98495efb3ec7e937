export * from './brands';
export * from './categories';
