// Starts the import's preparation worker (import-worker.ts) in a thread that may not have a TypeScript
// loader of its own (a server started by tsx passes its loader on; a test runner does not).
import { register } from 'tsx/esm/api';

register();
await import('./import-worker.ts');
