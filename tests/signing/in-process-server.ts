/**
 * The reference server in the test's own process, for a component test that needs the real thing behind the
 * portal's API client (tests/signing/evidence.test.tsx). It answers like tests/server/helpers/harness.ts, minus
 * the contract check (the server tests do that), and without `new URL(…, import.meta.url)`, which Vite rewrites
 * in a jsdom test; the database dump is the one the server tests cache (same key).
 */
import { Blob as NodeBlob } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Config } from '../../server/config.ts';
import { openRuntime } from '../../server/runtime.ts';
import { MIGRATIONS_DIR, migrate } from '../../server/storage/migrate.ts';
import { dumpPglite, openPglite } from '../../server/storage/pglite.ts';
import type { Answer, CallInit, TestServer } from '../server/helpers/harness.ts';

const BACKOFFICE = 'in-process-backoffice-token';

async function template(): Promise<Blob> {
  const hash = createHash('sha256');
  hash.update(readFileSync(resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  const file = join(tmpdir(), `portal-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const db = await openPglite(null);
    await migrate(db);
    const dump = await dumpPglite(db);
    await db.close();
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new NodeBlob([readFileSync(file)]) as unknown as Blob;
}

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
  const runtime = await openRuntime(config, { distDir: null, template: await template() });

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
    close: () => runtime.close(),
  };
  // The server tests' worker helpers take this shape.
  return server satisfies TestServer;
}
