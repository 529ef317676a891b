// §10: the security headers on every kind of answer the server gives (docs/decisions/076-csp.md), checked with the same
// rule as the e2e sweep (tests/security/rules/security-headers.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityHeaderProblems } from '../security/rules/security-headers.ts';
import { startServer, type Answer, type TestServer } from './helpers/harness.ts';
import { approvedWorker } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  // A minimal built portal: the page and one hashed asset.
  api = await startServer({
    dist: {
      'index.html': '<!doctype html><script type="module" src="/assets/app-1a2b3c.js"></script>',
      'assets/app-1a2b3c.js': 'export {};',
    },
  });
});
afterAll(() => api.close());

const headersOf = (answer: Answer) => Object.fromEntries([...answer.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));

/** GETs `url`, expects `status`, and the security headers the rule asks for that path. */
async function expectAnswer(url: string, status: number, options: { token?: string } = {}): Promise<Answer> {
  const answer = await api.get(url, options);
  expect(answer.status, url).toBe(status);
  const path = new URL(url, 'http://portal.test').pathname;
  expect(securityHeaderProblems(path, headersOf(answer))).toEqual([]);
  return answer;
}

describe('security headers on every kind of answer', () => {
  it('the portal page, a static asset, a 404 and a redirect', async () => {
    const page = await expectAnswer('/home', 200);
    expect(page.text).toContain('/assets/app-1a2b3c.js');

    await expectAnswer('/assets/app-1a2b3c.js', 200);
    await expectAnswer('/assets/gone-000000.js', 404);
    await expectAnswer('/redirect/elsewhere', 404);
    await expectAnswer('/redirect/validate-email?token=x', 302);
  });

  it('API answers: JSON, errors, 404, a redirect and a PDF download', async () => {
    const worker = await approvedWorker(api);
    await expectAnswer('/api/user/me/info', 200, { token: worker.token });
    await expectAnswer('/api/user/me/info', 401);

    const invalid = await api.post('/api/auth/login', { json: { username: 'x', password: '' } });
    expect(invalid.status).toBe(422);
    expect(securityHeaderProblems('/api/auth/login', headersOf(invalid))).toEqual([]);

    await expectAnswer('/api/nothing-here', 404);
    await expectAnswer(`/api/auth/validate-email?token=${'A'.repeat(43)}`, 302);
    const pdf = await expectAnswer('/api/user/download-planning', 200, { token: worker.token });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });
});
