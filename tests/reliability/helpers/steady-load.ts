/**
 * A steady load of reads and availability saves by prepared workers (scripts/lib/load-workers.ts), each worker in a
 * loop of its own, round robin over the addresses it is given: what the outage and drain tests run while the database
 * goes away or a server stops. Every answer is recorded (when, where, what); every acknowledged save is kept, to be
 * read back from the database afterwards.
 */
import { LOAD_PASSWORD, type LoadWorker } from '../../../scripts/lib/load-workers.ts';

export type Outcome = { at: number; base: string; kind: 'read' | 'save'; status: number; retryAfter: string | null; code: string | null; error?: string };
export type Save = { email: string; day: string; morning: boolean; evening: boolean };

export type SteadyLoad = {
  outcomes: Outcome[];
  acknowledged: Save[];
  /** Stops the loops and waits for their last requests. */
  stop(): Promise<void>;
};

const slot = (n: number) => {
  const year = 2040 + Math.floor(n / 336);
  const month = 1 + (Math.floor(n / 28) % 12);
  const day = 1 + (n % 28);
  return { year, month, day, iso: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
};

export async function steadyLoad(bases: () => string[], workers: LoadWorker[], options: { pauseMs?: number } = {}): Promise<SteadyLoad> {
  const outcomes: Outcome[] = [];
  const acknowledged: Save[] = [];
  let running = true;
  let turn = 0;
  const next = () => {
    const list = bases();
    return list[turn++ % list.length]!;
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 20));

  async function call(kind: Outcome['kind'], path: string, token: string, body?: unknown): Promise<Outcome> {
    const base = next();
    const at = Date.now();
    try {
      const res = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const code = res.headers.get('content-type')?.includes('json') && res.status >= 400 ? ((JSON.parse(text) as { code?: string }).code ?? null) : null;
      const outcome = { at, base, kind, status: res.status, retryAfter: res.headers.get('retry-after'), code };
      outcomes.push(outcome);
      return outcome;
    } catch (error) {
      const outcome = {
        at,
        base,
        kind,
        status: 0,
        retryAfter: null,
        code: null,
        error: (error as Error).cause ? String((error as Error).cause) : (error as Error).message,
      };
      outcomes.push(outcome);
      return outcome;
    }
  }

  const tokens = await Promise.all(
    workers.map(async (w) => {
      const res = await fetch(`${bases()[0]}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: w.email, password: LOAD_PASSWORD, remember: true }),
      });
      if (res.status !== 200) throw new Error(`login of ${w.email}: ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    }),
  );

  const loops = workers.map(async (w, i) => {
    for (let n = 0; running; n++) {
      const s = slot(n);
      const save = { email: w.email, day: s.iso, morning: n % 2 === 0, evening: n % 3 === 0 };
      const saved = await call('save', `/api/user/me/availabilities/${s.year}/${s.month}`, tokens[i]!, [
        { day: s.day, morning: save.morning, afternoon: false, evening: save.evening },
      ]);
      if (saved.status === 204) acknowledged.push(save);
      await call('read', `/api/user/me/availabilities/${s.year}/${s.month}`, tokens[i]!);
      await pause();
    }
  });

  return {
    outcomes,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
