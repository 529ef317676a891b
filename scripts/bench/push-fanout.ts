/**
 * §11's push budget: an offer sent to 1,000 subscribed workers reaches the push service for all of them within 3 s
 * on this 2-core machine, and meanwhile the portal's other requests keep a p99 no worse than 2× its idle p99.
 *
 * A data folder is prepared in process (1,000 approved workers, each with a device on the test push service of a
 * child process, push-receiver-run.ts, and no quiet hours so that the hour of the run changes nothing; cheap
 * scrypt), then the reference server runs on it as `npm start` does (PUSH_ALLOWED_ORIGINS naming that service). Four
 * loops read GET /api/user/me/info the whole time: 3 s idle, then during the fan-out. The agency sends the offer as
 * the contract allows, to 500 workers at most a call: created for 500, then sent to 500 more. Each receipt is
 * timed from the start of the call that sent to its worker; "during" is from the first call to the last receipt.
 * With TEST_DATABASE_URL (scripts/with-postgres.sh gives one), the same on that PostgreSQL instead of PGlite
 * (push-fanout-run.ts: docs/decisions/286-push-sending-off-the-loop.md compares the two).
 */
import { fork } from 'node:child_process';
import { DEFAULT_NOTIFICATION_SETTINGS } from '#domain/notifications.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../server/config.ts';
import { openRuntime } from '../../server/runtime.ts';
import { Latencies } from '../lib/latency.ts';
import type { Subscription } from '../lib/push-receiver.ts';
import { ROOT, startServerProcess } from '../lib/server-process.ts';

export const PUSH_BUDGET = { workers: 1000, withinMs: 3000, p99Ratio: 2 } as const;
const TOKEN = 'bench-push-token';
const PASSWORD = 'correct horse battery';
const LOOPS = 4;
/** A PostgreSQL to run on instead of the embedded PGlite (the server's DATABASE_URL), or none. */
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;

export type PushFanout = {
  workers: number;
  received: number;
  refused: number;
  /** The agency's two calls (create for 500, send to 500 more), in ms. */
  calls: [number, number];
  p50: number;
  p95: number;
  max: number;
  /** From the first call's start to the last receipt. */
  allMs: number;
  idle: { p99: number; requests: number };
  /** From the first call's start to the last receipt: the agency's calls and the fan-out. */
  during: { p99: number; requests: number };
  /** From the answer of the last call to the last receipt: the pushes alone. */
  fanout: { p99: number; requests: number };
  load: [number, number];
  database: 'PGlite' | 'PostgreSQL';
};

type Child = ReturnType<typeof fork>;
const ask = <T>(child: Child, message: object, type: string) =>
  new Promise<T>((resolve) => {
    const on = (reply: { type: string }) => {
      if (reply.type !== type) return;
      child.off('message', on);
      resolve(reply as T);
    };
    child.on('message', on);
    child.send(message);
  });

/** 1,000 approved workers with a device each, and one more to read /info as the load; in process, then closed. */
async function prepare(dataDir: string, subscriptions: Subscription[]): Promise<string[]> {
  const config: Config = {
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    publicUrl: 'http://bench.test',
    backofficeToken: TOKEN,
    smtpUrl: null,
    mailFrom: 'Bench <bench@bench.test>',
    scryptLog2N: 10,
    trustProxy: 0,
    now: () => new Date(),
    pushAllowedOrigins: [new URL(subscriptions[0]!.endpoint).origin],
    databaseUrl: DATABASE_URL,
  };
  const runtime = await openRuntime(config);
  let calls = 0;
  const call = async (method: string, path: string, json: unknown, token?: string) => {
    const address = `198.18.${(calls >> 8) & 255}.${calls++ & 255}`;
    const res = await runtime.app.request(
      path,
      { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(json) },
      { incoming: { socket: { remoteAddress: address } } },
    );
    const text = await res.text();
    if (res.status >= 300) throw new Error(`push bench: ${method} ${path} answered ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const emails: string[] = [];
  try {
    for (const [i, subscription] of [...subscriptions, null].entries()) {
      const email = `push-bench-${i}@bench.test`;
      await call('POST', '/api/auth/register', { firstName: 'Bench', lastName: `W${i}`, email, password: PASSWORD, language: i % 2 ? 'nl' : 'fr' });
      await call('POST', `/api/backoffice/workers/${encodeURIComponent(email)}/approve-details`, {}, TOKEN);
      const { token } = (await call('POST', '/api/auth/login', { username: email, password: PASSWORD })) as { token: string };
      if (!subscription) continue;
      await call(
        'POST',
        '/api/user/me/notification-settings',
        // Every kind as by default (the core's list: a new kind needs no change here), and no quiet hours.
        { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: null },
        token,
      );
      await call('POST', '/api/user/me/push-subscriptions', subscription, token);
      emails.push(email);
    }
    // The approvals were pushed to nobody yet (each came before its device): the outbox holds nothing to send.
  } finally {
    await runtime.close();
  }
  return emails;
}

export async function pushFanout(): Promise<PushFanout> {
  const loadBefore = loadavg()[0]!;
  const child = fork(join(ROOT, 'scripts/bench/push-receiver-run.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-push-'));
  try {
    const { origin } = await new Promise<{ origin: string }>((resolve) => child.once('message', (m) => resolve(m as { origin: string })));
    const { devices } = await ask<{ devices: Array<{ id: string; subscription: Subscription }> }>(
      child,
      { type: 'devices', count: PUSH_BUDGET.workers },
      'devices',
    );
    const emails = await prepare(
      dataDir,
      devices.map((d) => d.subscription),
    );
    const server = await startServerProcess({
      dataDir,
      env: { BACKOFFICE_TOKEN: TOKEN, PUSH_ALLOWED_ORIGINS: origin, ...(DATABASE_URL ? { DATABASE_URL } : {}) },
      keepOutput: false,
    });
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: `push-bench-${PUSH_BUDGET.workers}@bench.test`, password: PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      // The other requests: four loops reading the worker's info, each request kept with its start (epoch ms).
      const samples: Array<{ at: number; ms: number }> = [];
      let running = true;
      const loop = async () => {
        while (running) {
          const at = Date.now();
          const t0 = performance.now();
          const res = await fetch(`${server.url}/api/user/me/info`, { headers: { Authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          samples.push({ at, ms: performance.now() - t0 });
        }
      };
      const loops = Array.from({ length: LOOPS }, loop);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // warm-up
      const idleFrom = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const idleTo = Date.now();

      const bo = (method: string, path: string, json: unknown) =>
        fetch(`${server.url}/api/backoffice${path}`, {
          method,
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(json),
        });
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + 5 * 86_400_000));
      const firstStart = Date.now();
      const created = await bo('POST', '/offers', {
        reference: 'BENCH-PUSH',
        job: 'steward',
        shortLocation: 'Forest National',
        hourlyWageCents: 1600,
        places: 50,
        answerBy: new Date(Date.now() + 26 * 3_600_000).toISOString(),
        shifts: [{ date: day, start: '18:00', end: '23:00' }],
        workers: emails.slice(0, 500),
      });
      const createMs = Date.now() - firstStart;
      const { offer } = (await created.json()) as { offer: string };
      const secondStart = Date.now();
      const sent = await bo('POST', `/offers/${offer}/send`, { workers: emails.slice(500) });
      const answered = Date.now();
      const sendMs = answered - secondStart;
      if (created.status !== 201 || sent.status !== 200) throw new Error(`push bench: the offer answered ${created.status}, ${sent.status}`);
      const until = Date.now() + 30_000;
      let count = { count: 0, refused: 0 };
      while (Date.now() < until) {
        count = await ask<{ count: number; refused: number }>(child, { type: 'count' }, 'count');
        if (count.count + count.refused >= PUSH_BUDGET.workers) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      running = false;
      await Promise.all(loops);
      const { receipts } = await ask<{ receipts: Array<{ device: string; at: number; kind: string }> }>(child, { type: 'receipts' }, 'receipts');
      const batchOf = new Map(devices.map((d, i) => [d.id, i < 500 ? firstStart : secondStart]));
      const offers = receipts.filter((r) => r.kind === 'offerNew');
      const delays = new Latencies();
      for (const r of offers) delays.add(r.at - batchOf.get(r.device)!);
      const last = Math.max(...offers.map((r) => r.at));
      const window = (from: number, to: number) => {
        const l = new Latencies();
        for (const s of samples) if (s.at >= from && s.at <= to) l.add(s.ms);
        return { p99: l.percentile(99), requests: l.count };
      };
      return {
        workers: PUSH_BUDGET.workers,
        received: offers.length,
        refused: count.refused,
        calls: [createMs, sendMs],
        p50: delays.percentile(50),
        p95: delays.percentile(95),
        max: delays.percentile(100),
        allMs: last - firstStart,
        idle: window(idleFrom, idleTo),
        during: window(firstStart, last),
        fanout: window(answered, last),
        load: [loadBefore, loadavg()[0]!],
        database: DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      };
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    child.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;

export function pushFanoutSection(r: PushFanout): string {
  const within = r.received === r.workers && r.allMs <= PUSH_BUDGET.withinMs;
  const ratio = r.during.p99 / r.idle.p99;
  return `
## Push: an offer to ${r.workers.toLocaleString('en')} subscribed workers (scripts/bench/push-fanout.ts)

The reference server as \`npm start\` runs it (on ${r.database === 'PGlite' ? 'PGlite, the embedded default' : 'PostgreSQL'}), on a data folder of ${r.workers} approved workers each with one device on a
test push service in a process of its own (it checks each VAPID signature and decrypts each push). The agency sends
the offer as the contract allows it, 500 workers a call: created for 500 (${ms(r.calls[0])}), sent to 500 more
(${ms(r.calls[1])}). Each receipt is timed from the start of the call that sent to its worker. Four loops read
\`GET /api/user/me/info\` throughout: 3 s idle, then from the first call to the last receipt.

| | measured | budget |
|---|---|---|
| pushes received | ${r.received} of ${r.workers}${r.refused ? ` (${r.refused} refused)` : ''} | all |
| first call → last receipt | ${ms(r.allMs)} | ≤ ${PUSH_BUDGET.withinMs} ms ${within ? '✓' : '✗'} |
| call → receipt, p50 / p95 / max | ${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.max)} | |
| /info p99 idle (n) | ${r.idle.p99.toFixed(1)} ms (${r.idle.requests}) | |
| /info p99 from the first call to the last receipt (n) | ${r.during.p99.toFixed(1)} ms (${r.during.requests}) | ≤ ${PUSH_BUDGET.p99Ratio}× idle: ${ratio.toFixed(2)}× ${ratio <= PUSH_BUDGET.p99Ratio ? '✓' : '✗'} |
| /info p99 from the calls' answers to the last receipt (n) | ${r.fanout.p99.toFixed(1)} ms (${r.fanout.requests}) | ${(r.fanout.p99 / r.idle.p99).toFixed(2)}× idle |

Load average of the machine before and after: ${r.load[0].toFixed(2)}, ${r.load[1].toFixed(2)} (two cores).
`;
}
