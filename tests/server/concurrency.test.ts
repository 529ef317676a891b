// Writes that race: the same signing request sent twice at once (a double click, a client retry) is stored
// once. PGlite runs one transaction at a time, so this bites on PostgreSQL (`npm run test:server:pg`), where
// both transactions run concurrently under READ COMMITTED.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';
import { approvedWorker, mission } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

describe('concurrent signing requests for one mission', () => {
  it('acknowledge one and store one, whatever the interleaving', async () => {
    const w = await approvedWorker(api, { signature: 'validated' });
    for (let round = 0; round < 5; round++) {
      const m = await mission(api, w.email, { reference: `RACE-${round}` });
      const send = (comment: string) => api.post('/api/user/me/documents/mark-for-signing', { token: w.token, json: [{ mission: m.mission, comment }] });
      const answers = await Promise.all([send('first'), send('second'), send('third')]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
      const rows = await api.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_requests WHERE mission_id = $1', [m.mission]);
      expect(rows[0]!.n).toBe(1);
    }
  });
});
