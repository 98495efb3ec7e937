export * from './checklist';
export * from './workflow';
