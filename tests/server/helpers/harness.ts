/**
 * One reference server per test file: in-memory PGlite (or a data folder; or a schema of TEST_DATABASE_URL's
 * PostgreSQL, helpers/database.ts), an injected clock, cheap scrypt.
 * `api.call` sends a request through the real Hono app and checks every answer against openapi.yaml
 * (helpers/contract.ts) and against the house rules (no 5xx, no-store on /api), so no test can forget.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Config } from '../../../server/config.ts';
import type { Logger } from '../../../server/log.ts';
import { openRuntime } from '../../../server/runtime.ts';
import { checkAnswer } from './contract.ts';
import { TEST_DATABASE_URL, dropTestSchema, testSchema } from './database.ts';
import { migratedTemplate } from './template.ts';

export const BACKOFFICE = 'test-backoffice-token';

export type Answer = {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON they expect
  json: any;
  bytes: Uint8Array;
  text: string;
  operationId: string | null;
};

export type CallInit = {
  token?: string;
  json?: unknown;
  body?: BodyInit;
  form?: FormData;
  headers?: Record<string, string>;
  address?: string;
};

/**
 * A built portal for the server to serve, as a few files (path in dist/ → content), written to a temporary folder
 * that `close()` removes: the tests of the SPA's answers need the page and an asset, not a real build.
 */
export type DistFiles = Record<string, string | Uint8Array>;

function writeDist(files: DistFiles): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/**
 * What every in-process test server shares (a test that opens the runtime itself, tests/server/instances.test.ts,
 * takes it too): the test back-office token, mails kept in the outbox, a cheap scrypt, no proxy in front.
 */
export function testConfig(config: Pick<Config, 'dataDir' | 'uploadsDir' | 'now'> & Partial<Config>): Config {
  return {
    publicUrl: 'http://portal.test',
    backofficeToken: BACKOFFICE,
    smtpUrl: null,
    mailFrom: 'Portal <portal@portal.test>',
    scryptLog2N: 10,
    trustProxy: 0,
    ...config,
  };
}

export async function startServer(
  options: {
    backofficeToken?: string | null;
    dataDir?: string | null;
    smtpUrl?: string | null;
    start?: Date;
    dist?: DistFiles;
    /** Proxies trusted to append to X-Forwarded-For (TRUST_PROXY). */
    trustProxy?: number;
    /** Where the server logs (tests that read the log); silent otherwise. */
    log?: Logger;
    /** Settings beyond these (PUSH_ALLOWED_ORIGINS for a test push service, VAPID keys…). */
    config?: Partial<Config>;
  } = {},
) {
  const clock = { now: options.start ?? new Date() };
  const dataDir = options.dataDir ?? null;
  const schema = await testSchema(dataDir);
  // Temporary folders of this server alone, removed by close() (a data folder is the caller's).
  const owned: string[] = [];
  const temporary = (dir: string) => (owned.push(dir), dir);
  const distDir = options.dist ? temporary(writeDist(options.dist)) : null;
  const config = testConfig({
    dataDir,
    databaseUrl: schema ? TEST_DATABASE_URL : null,
    ...(schema ? { databaseSchema: schema } : {}),
    uploadsDir: dataDir ? join(dataDir, 'uploads') : temporary(mkdtempSync(join(tmpdir(), 'portal-uploads-'))),
    backofficeToken: options.backofficeToken === undefined ? BACKOFFICE : options.backofficeToken,
    smtpUrl: options.smtpUrl ?? null,
    trustProxy: options.trustProxy ?? 0,
    now: () => clock.now,
    ...options.config,
  });
  const runtime = await openRuntime(config, {
    distDir,
    template: dataDir || schema ? undefined : await migratedTemplate(),
    ...(options.log ? { log: options.log } : {}),
  });

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
    const type = res.headers.get('content-type') ?? '';
    const json: unknown = type.includes('application/json') ? JSON.parse(text) : null;
    const pathname = new URL(path, 'http://x').pathname;
    if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    // The calendar feed alone may be kept, privately, by the app that reads it and revalidates it (decision 110).
    const cacheControl = pathname.startsWith('/api/calendar/') && res.status < 400 ? 'private, no-cache' : 'no-store';
    if (pathname.startsWith('/api/') && res.headers.get('cache-control') !== cacheControl)
      throw new Error(`${method} ${path}: no Cache-Control: ${cacheControl}`);
    const operationId = checkAnswer(method, pathname, res.status, type, type.includes('application/json') ? json : bytes.length ? 'file' : null);
    return { status: res.status, headers: res.headers, json, bytes, text, operationId };
  }

  return {
    clock,
    config,
    deps: runtime.deps,
    /** The Hono app itself, for a test that serves it on a real socket (server/serve.ts). */
    app: runtime.app,
    call,
    get: (path: string, init?: CallInit) => call('GET', path, init),
    post: (path: string, init?: CallInit) => call('POST', path, init),
    bo: (method: string, path: string, json?: unknown) =>
      call(method, `/api/backoffice${path}`, { headers: { Authorization: `Bearer ${BACKOFFICE}` }, ...(json === undefined ? {} : { json }) }),
    close: async () => {
      await runtime.close();
      if (schema && !dataDir) await dropTestSchema(schema);
      for (const dir of owned) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;
