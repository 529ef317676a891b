// A crash during writes loses nothing the server acknowledged (docs/decisions/081-durability-on-sigkill.md):
// the real server as a child process on its own data folder, concurrent writes (availabilities, each on its own
// day, and registrations, each with its own address), SIGKILL while requests are in flight, a restart on the same
// folder, then the folder itself is read: every acknowledged write is there, exactly once, with its values.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LOAD_PASSWORD, prepareWorkers } from '../../scripts/lib/load-workers.ts';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { openPglite } from '../../server/storage/pglite.ts';
import { migratedTemplate } from '../server/helpers/template.ts';

// ~16 s on a quiet 2-core machine (two server starts, PGlite recovery); a shared, overloaded one needs more.
vi.setConfig({ testTimeout: 120_000 });

const dataDir = mkdtempSync(join(tmpdir(), 'portal-sigkill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The n-th availability write: its own day (unique per n) and a slot pattern that depends on n. */
const slotWrite = (n: number) => ({
  year: 2030 + Math.floor(n / 336),
  month: 1 + (Math.floor(n / 28) % 12),
  edit: { day: 1 + (n % 28), morning: true, afternoon: n % 2 === 0, evening: n % 3 === 0 },
});
const isoDay = (w: ReturnType<typeof slotWrite>) => `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.edit.day).padStart(2, '0')}`;

describe('SIGKILL during writes', () => {
  it('keeps every acknowledged write after a restart, once', async () => {
    // An approved worker prepared in the folder (from the migrated template: no initdb, no demo seed to wait for).
    const [worker] = await prepareWorkers(dataDir, 1, 0, 10, await migratedTemplate());
    const first = await startServerProcess({ dataDir });
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: worker!.email, password: LOAD_PASSWORD, remember: true }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    const ackedSlots: number[] = [];
    const ackedEmails: string[] = [];
    let inFlightFailures = 0;
    let next = 0;
    let killed = false;
    const send = async (path: string, body: unknown, auth = true) => {
      try {
        const res = await fetch(`${first.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        if (res.status >= 500) throw new Error(`${path} answered ${res.status}`);
        return res.status;
      } catch (error) {
        if (!killed) throw error;
        inFlightFailures++; // the connection died with the server: not acknowledged
        return 0;
      }
    };
    const slotWriter = async () => {
      while (!killed) {
        const n = next++;
        const w = slotWrite(n);
        if ((await send(`/api/user/me/availabilities/${w.year}/${w.month}`, [w.edit])) === 204) ackedSlots.push(n);
      }
    };
    const registrar = async (id: number) => {
      for (let k = 0; !killed; k++) {
        const email = `crash-${id}-${k}@load.example`;
        const status = await send(
          '/api/auth/register',
          { firstName: 'Crash', lastName: 'Test', email, password: 'correct horse battery', language: 'fr' },
          false,
        );
        if (status === 204) ackedEmails.push(email);
      }
    };
    const writers = [...Array.from({ length: 12 }, slotWriter), ...Array.from({ length: 3 }, (_, i) => registrar(i))];
    // Kill once a good number of writes are acknowledged, while all fifteen writers still have requests out.
    // The time it takes is the machine's (each registration hashes a password): waited for generously.
    await vi.waitUntil(() => ackedSlots.length >= 150 && ackedEmails.length >= 3, { timeout: 60_000, interval: 5 });
    killed = true;
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    await Promise.all(writers);
    expect(inFlightFailures, 'the kill must land while requests are in flight').toBeGreaterThan(0);

    // The crashed server's folder opens again (stale lock, unclean shutdown) and serves.
    const second = await startServerProcess({ dataDir });
    expect((await fetch(`${second.url}/api/user/me/info`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);

    const db = await openPglite(join(dataDir, 'db'));
    try {
      const rows = await db.query<{ day: string; morning: boolean; afternoon: boolean; evening: boolean }>(
        `SELECT to_char(a.day, 'YYYY-MM-DD') AS day, morning, afternoon, evening FROM availabilities a JOIN workers w ON w.id = a.worker_id
         WHERE w.email = $1 AND a.day >= '2030-01-01'`,
        [worker!.email],
      );
      const stored = new Map(rows.map((r) => [r.day, r]));
      for (const n of ackedSlots) {
        const w = slotWrite(n);
        expect(stored.get(isoDay(w)), `acknowledged availability ${isoDay(w)} is lost`).toEqual({
          day: isoDay(w),
          morning: true,
          afternoon: w.edit.afternoon,
          evening: w.edit.evening,
        });
      }
      const workers = await db.query<{ email: string; n: number }>(`SELECT email, count(*)::int AS n FROM workers WHERE email LIKE 'crash-%' GROUP BY email`);
      const counts = new Map(workers.map((r) => [r.email, r.n]));
      for (const email of ackedEmails) expect(counts.get(email), `acknowledged registration ${email}`).toBe(1);
    } finally {
      await db.close();
    }
  });
});
