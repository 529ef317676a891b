// Bad input never gets a 5xx or a stack trace; every /api answer is the contract's; headers of §10.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadContract } from '../../server/api/contract.ts';
import { BACKOFFICE, startServer, type TestServer } from './helpers/harness.ts';
import { approvedWorker } from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
let token: string;
let email: string;
beforeAll(async () => {
  api = await startServer({ dist: { 'index.html': '<!doctype html><title>Portail</title>' } });
  ({ token, email } = await approvedWorker(api, { signature: 'validated' }));
});
afterAll(() => api.close());

const concrete = (path: string) =>
  `/api${path}`
    .replace('{email}', encodeURIComponent(email))
    .replace('{year}', '2026')
    .replace('{month}', '3')
    .replace('{step}', '1')
    .replace('{kind}', 'id-front')
    .replace('{job}', 'j')
    .replace('{mission}', 'm')
    .replace('{offer}', 'o');

const BAD_BODIES: Array<[string, string]> = [
  ['not json', '{"a":'],
  ['null', 'null'],
  ['a string', '"x"'],
  ['a number', '12'],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['prototype keys', '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}'],
  ['too large', JSON.stringify({ value: 'x'.repeat(70 * 1024) })],
];

describe('bad input on every operation', () => {
  it('answers a 4xx with the error body, never a 5xx (the test client fails on any 5xx or contract break)', async () => {
    const operations = loadContract().operations;
    let calls = 0;
    for (const op of operations) {
      if (op.body?.kind !== 'json') continue;
      for (const [name, body] of BAD_BODIES) {
        const headers: Record<string, string> = {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${op.security === 'backoffice' ? BACKOFFICE : token}`,
        };
        const res = await api.call(op.method.toUpperCase(), concrete(op.path), { body, headers });
        calls++;
        expect(res.operationId).toBe(op.operationId);
        expect(res.status, `${op.operationId} with ${name}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.text).not.toMatch(/at .+\.ts:\d+/);
      }
    }
    expect(calls).toBeGreaterThan(80);
  });

  it('answers 401 on every signed-in operation without a token, with a garbage token and with a revoked one', async () => {
    const revoked = (await api.post('/api/auth/login', { json: { username: email, password: 'correct horse' } })).json.token as string;
    await api.post('/api/auth/logout', { token: revoked, json: {} });
    const operations = loadContract().operations.filter((op) => op.security === 'bearer');
    expect(operations).toHaveLength(64);
    for (const op of operations)
      for (const auth of [undefined, 'garbage', revoked]) {
        const res = await api.call(op.method.toUpperCase(), concrete(op.path).replace('{file}', ''), auth ? { token: auth } : {});
        expect(res.operationId).toBe(op.operationId);
        expect(res.status, `${op.operationId} with ${auth ?? 'no token'}`).toBe(401);
        expect(res.json.code).toBe('unauthorized');
      }
  });

  it('answers 404 with the error body for unknown paths and methods under /api', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api/auth/login'],
      ['GET', '/api/'],
      ['PUT', '/api/user/me/info'],
    ] as const) {
      const res = await api.call(method, path);
      expect(res.status, path).toBe(404);
      expect(res.json.code).toBe('not_found');
    }
  });
});

describe('headers and the portal', () => {
  it('puts the security headers and no-store on API answers', async () => {
    const res = await api.get('/api/user/me/info', { token });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves index.html under the CSP, but not for paths containing redirect', async () => {
    const page = await api.get('/home');
    expect(page.text).toContain('<title>Portail</title>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("style-src 'self';");
    expect((await api.get('/redirect/elsewhere')).status).toBe(404);
    expect((await api.get('/some/redirect/page')).status).toBe(404);
  });
});
