/**
 * The reference server in the test's own process, for a component test that needs the real thing behind the
 * portal's API client (tests/signing/evidence.test.tsx). It answers like tests/server/helpers/harness.ts, minus
 * the contract check (the server tests do that, and its file URLs do not load under jsdom); the database starts
 * from the server tests' migrated dump.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../server/config.ts';
import { openRuntime } from '../../server/runtime.ts';
import type { Answer, CallInit, TestServer } from '../server/helpers/harness.ts';
import { migratedTemplate } from '../server/helpers/template.ts';

const BACKOFFICE = 'in-process-backoffice-token';

export async function startInProcessServer(start: Date) {
  const clock = { now: start };
  const config: Config = {
    dataDir: null,
    uploadsDir: mkdtempSync(join(tmpdir(), 'portal-uploads-')),
    publicUrl: 'http://portal.test',
    backofficeToken: BACKOFFICE,
    smtpUrl: null,
    mailFrom: 'Portal <portal@portal.test>',
    scryptLog2N: 10,
    trustProxy: false,
    now: () => clock.now,
  };
  const runtime = await openRuntime(config, { distDir: null, template: await migratedTemplate() });

  async function call(method: string, path: string, init: CallInit = {}): Promise<Answer> {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    let body: BodyInit | undefined = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    const res = await runtime.app.request(path, { method, headers, body }, { incoming: { socket: { remoteAddress: init.address ?? '192.0.2.1' } } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    const json: unknown = (res.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : null;
    return { status: res.status, headers: res.headers, json, bytes, text, operationId: null };
  }

  const server = {
    clock,
    config,
    deps: runtime.deps,
    call,
    get: (path: string, init?: CallInit) => call('GET', path, init),
    post: (path: string, init?: CallInit) => call('POST', path, init),
    bo: (method: string, path: string, json?: unknown) =>
      call(method, `/api/backoffice${path}`, { headers: { Authorization: `Bearer ${BACKOFFICE}` }, ...(json === undefined ? {} : { json }) }),
    close: async () => {
      await runtime.close();
      rmSync(config.uploadsDir, { recursive: true, force: true });
    },
  };
  // The server tests' worker helpers take this shape.
  return server satisfies TestServer;
}
