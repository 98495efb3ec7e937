// Starts the order PDF worker (pdf-worker.ts) in a thread that may not have a TypeScript loader of its own
// (a server started by tsx passes its loader on; a test runner does not).
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
