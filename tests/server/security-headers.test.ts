// DESIGN.md §6: the security headers on every kind of answer the server gives (issue 8), checked with the same
// rule as the e2e sweep (tests/security/rules/security-headers.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityHeaderProblems } from '../security/rules/security-headers.ts';
import { startServer, type Answer, type TestServer } from './helpers/harness.ts';
import { approvedWorker } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  // A minimal built portal: the page with its nonce placeholder and one hashed asset.
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><script type="module" src="/assets/app-1a2b3c.js"></script>');
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'export {};');
  api = await startServer({ distDir: dist });
});
afterAll(() => api.close());

const headersOf = (answer: Answer) => Object.fromEntries([...answer.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
const expectHeaders = (path: string, answer: Answer) => expect(securityHeaderProblems(path, headersOf(answer))).toEqual([]);

describe('security headers on every kind of answer', () => {
  it('the portal page (with a fresh nonce each time), a static asset, a 404 and a redirect', async () => {
    const page = await api.get('/home');
    expect(page.status).toBe(200);
    expectHeaders('/home', page);
    const again = await api.get('/home');
    expect(page.headers.get('content-security-policy')).not.toBe(again.headers.get('content-security-policy'));
    expect(page.text).not.toContain('__CSP_NONCE__');

    const asset = await api.get('/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expectHeaders('/assets/app-1a2b3c.js', asset);

    const missingAsset = await api.get('/assets/gone-000000.js');
    expect(missingAsset.status).toBe(404);
    expectHeaders('/assets/gone-000000.js', missingAsset);

    const notHandled = await api.get('/redirect/elsewhere');
    expect(notHandled.status).toBe(404);
    expectHeaders('/redirect/elsewhere', notHandled);

    const redirect = await api.get('/redirect/validate-email?token=x');
    expect(redirect.status).toBe(302);
    expectHeaders('/redirect/validate-email', redirect);
  });

  it('API answers: JSON, errors, 404, a redirect and a PDF download', async () => {
    const worker = await approvedWorker(api);
    const json = await api.get('/api/user/me/info', { token: worker.token });
    expect(json.status).toBe(200);
    expectHeaders('/api/user/me/info', json);

    const unauthorized = await api.get('/api/user/me/info');
    expect(unauthorized.status).toBe(401);
    expectHeaders('/api/user/me/info', unauthorized);

    const invalid = await api.post('/api/auth/login', { json: { username: 'x', password: '' } });
    expect(invalid.status).toBe(422);
    expectHeaders('/api/auth/login', invalid);

    const unknown = await api.get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expectHeaders('/api/nothing-here', unknown);

    const validation = await api.get(`/api/auth/validate-email?token=${'A'.repeat(43)}`);
    expect(validation.status).toBe(302);
    expectHeaders('/api/auth/validate-email', validation);

    const pdf = await api.get('/api/user/download-planning', { token: worker.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expectHeaders('/api/user/download-planning', pdf);
  });
});
