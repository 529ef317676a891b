// The entry of a file-examination thread (server/services/worker-pool.ts): a worker thread starts without the
// TypeScript loader of the server's own thread, so it registers tsx (a dependency of the server) first, then loads
// the thread's module, server/services/file-examination-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./file-examination-worker.ts');
