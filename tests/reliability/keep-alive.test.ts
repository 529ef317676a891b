// The real server keeps an idle keep-alive connection open for 65 s, past the 60 s idle limit common to clients
// and proxies, instead of Node's 5 s (server/main.ts): a client reusing a connection after a pause must not meet
// one the server is closing at that moment (ECONNRESET, or a proxy's 502).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { prepareWorkers } from '../../scripts/lib/load-workers.ts';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/server-process.ts';
import { migratedTemplate } from '../server/helpers/template.ts';

vi.setConfig({ testTimeout: 90_000 });

const dataDir = mkdtempSync(join(tmpdir(), 'portal-keep-alive-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('keep-alive', () => {
  it('the server announces that it keeps an idle connection for more than 60 s', async () => {
    // One worker: a folder with nobody in it would be seeded with the demo accounts first.
    await prepareWorkers(dataDir, 1, 0, 10, await migratedTemplate());
    server = await startServerProcess({ dataDir });
    for (const path of ['/api/user/me/info', '/login']) {
      const answer = await fetch(`${server.url}${path}`);
      await answer.arrayBuffer();
      const seconds = Number(/timeout=(\d+)/.exec(answer.headers.get('keep-alive') ?? '')?.[1]);
      expect(seconds, path).toBeGreaterThan(60);
    }
  });
});
