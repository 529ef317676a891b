// The entry of the push-encryption thread (server/services/push-encryption.ts): as file-examination-boot.js, it
// registers tsx (a worker thread starts without the server's TypeScript loader), then loads the thread's module.
import { register } from 'tsx/esm/api';

register();
await import('./push-encryption-worker.ts');
