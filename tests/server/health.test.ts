// The probes (server/api/health.ts): no token, no personal data, no-store; readiness says "draining" from the moment
// a stop begins. (Readiness while the database is away: tests/reliability/database-outage.pg.test.ts.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

/** Through the app itself: the harness's client refuses any 5xx, and a draining server's readiness is one. */
const probe = async (path: string) => {
  const res = await api.app.request(path, {}, { incoming: { socket: { remoteAddress: '192.0.2.1' } } });
  return { status: res.status, body: (await res.json()) as unknown, cache: res.headers.get('cache-control') };
};

describe('the probes', () => {
  it('answer without a token: live, and ready while the database answers', async () => {
    const live = await api.get('/api/health/live');
    expect([live.status, live.json, live.operationId]).toEqual([200, { status: 'live' }, 'getLiveness']);
    const ready = await api.get('/api/health/ready');
    expect([ready.status, ready.json, ready.operationId]).toEqual([200, { status: 'ready' }, 'getReadiness']);
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('readiness turns 503 draining when a stop begins; liveness stays 200', async () => {
    api.deps.health.draining = true;
    try {
      expect(await probe('/api/health/ready')).toEqual({ status: 503, body: { status: 'draining' }, cache: 'no-store' });
      expect(await probe('/api/health/live')).toEqual({ status: 200, body: { status: 'live' }, cache: 'no-store' });
    } finally {
      api.deps.health.draining = false;
    }
  });

  it('readiness is 503 database_unavailable when the database does not answer within a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const spy = vi.spyOn(api.deps.db, 'query').mockImplementation(() => new Promise(() => undefined));
    try {
      const answer = probe('/api/health/ready');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await answer).toEqual({ status: 503, body: { status: 'database_unavailable' }, cache: 'no-store' });
    } finally {
      spy.mockRestore();
      vi.useRealTimers();
    }
  });
});
