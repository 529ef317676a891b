// The portal's scripts and styles go out gzip-compressed when the browser accepts it (a slow mobile network
// pays for every byte of /login's first load), and as they are otherwise; index.html is not cached without a check.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';

// Starting PGlite takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const script = `export const words = ${JSON.stringify(Array.from({ length: 800 }, (_, i) => `word-${i}`))};\n`;
let api: TestServer;
beforeAll(async () => {
  api = await startServer({
    dist: { 'index.html': '<!doctype html><title>Portail</title>', 'assets/index-abc123.js': script },
  });
});
afterAll(() => api.close());

describe('static assets', () => {
  it('are gzip-compressed for a browser that accepts it, with the long cache', async () => {
    const res = await api.get('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.bytes.length).toBeLessThan(script.length / 3);
    expect(gunzipSync(res.bytes).toString('utf8')).toBe(script);
  });

  it('are sent as they are to a client that does not accept gzip', async () => {
    const res = await api.get('/assets/index-abc123.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.text).toBe(script);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
