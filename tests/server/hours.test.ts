// Hours worked (docs/decisions/195, 196): the client's hours recorded by the back-office, the worker's 48 hours to
// confirm or contest them on a controlled clock (before, at, after the deadline), the refusals, the arithmetic in
// cents, a night shift, versions. Every answer is checked against openapi.yaml by the harness.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKOFFICE, startServer, type TestServer } from './helpers/harness.ts';
import { approvedWorker, mission, newWorker } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const START = new Date('2027-01-15T10:00:00Z');
const HOUR = 3_600_000;
const DEADLINE = new Date(START.getTime() + 48 * HOUR).toISOString();
const enc = encodeURIComponent;

let api: TestServer;
let w: { email: string; token: string };
beforeAll(async () => {
  api = await startServer({ start: START });
  w = await approvedWorker(api);
});
afterAll(() => api.close());

/** A worked day (yesterday by default) of the shared worker, at EUR 14.37 an hour. */
const day = async (overrides: Record<string, unknown> = {}) =>
  (await mission(api, w.email, { date: '2027-01-14', hourlyWageCents: 1437, ...overrides })).mission;
const record = (id: string, body: unknown, email = w.email) => api.bo('POST', `/workers/${enc(email)}/missions/${id}/hours`, body);
const confirm = (days: Array<{ mission: string; version: number }>, token = w.token) => api.post('/api/user/me/hours/confirm', { token, json: { days } });
const contest = (id: string, body: Record<string, unknown>, token = w.token) =>
  api.post(`/api/user/me/hours/${id}/contest`, { token, json: { version: 1, start: '08:00', end: '17:00', breakMinutes: 30, reason: 'Démontage.', ...body } });
const list = async (query = '') =>
  (await api.get(`/api/user/me/hours${query}`, { token: w.token })).json as Array<Record<string, unknown> & { mission: string; status: string }>;
const find = async (id: string) => (await list('?from=2026-12-01&to=2027-02-28')).find((d) => d.mission === id)!;
const at = async <T>(when: Date, run: () => Promise<T>): Promise<T> => {
  api.clock.now = when;
  try {
    return await run();
  } finally {
    api.clock.now = START;
  }
};
const SHIFT = { start: '08:00', end: '15:36', breakMinutes: 30 };

describe('recording a day and the 48 hours', () => {
  it('shows the client’s hours, paid hours and the gross estimate in cents: 7 h 36 with a 30 min break at EUR 14.37 is EUR 102.03', async () => {
    const id = await day();
    const res = await record(id, SHIFT);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      mission: id,
      version: 1,
      date: '2027-01-14',
      recorded: { start: '08:00', end: '15:36', breakMinutes: 30, endsNextDay: false, paidMinutes: 426 },
      recordedAt: START.toISOString(),
      confirmBy: DEADLINE,
      status: 'toConfirm',
      confirmedAt: null,
      contest: null,
      resolution: null,
      paidMinutes: 426,
      hourlyWageCents: 1437,
      grossCents: 10203,
    });
    expect(await find(id)).toEqual(res.json);
  });

  it('a night shift ends the next day: 22:00 to 06:00 with 45 min break pays 7 h 15', async () => {
    const id = await day();
    expect((await record(id, { start: '22:00', end: '06:00', breakMinutes: 45 })).json).toMatchObject({
      recorded: { endsNextDay: true, paidMinutes: 435 },
      grossCents: 10418,
    });
  });

  it('a mission without a known wage gives no estimate', async () => {
    const id = await day({ hourlyWageCents: undefined });
    expect((await record(id, SHIFT)).json).toMatchObject({ hourlyWageCents: null, grossCents: null, paidMinutes: 426 });
  });

  it('before the deadline the day is to confirm and can be confirmed; at it and after, it is confirmed on its own and refuses both', async () => {
    const [early, onTime, late] = [await day(), await day(), await day()];
    for (const id of [early, onTime, late]) await record(id, SHIFT);
    const justBefore = new Date(Date.parse(DEADLINE) - 1);
    expect((await at(justBefore, () => find(early))).status).toBe('toConfirm');
    const confirmed = await at(justBefore, () => confirm([{ mission: early, version: 1 }]));
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject([{ mission: early, status: 'confirmed', confirmedAt: justBefore.toISOString() }]);
    for (const when of [new Date(DEADLINE), new Date(Date.parse(DEADLINE) + 5 * HOUR)]) {
      expect(await at(when, () => find(onTime))).toMatchObject({ status: 'autoConfirmed', confirmedAt: DEADLINE });
      const refused = await at(when, () => confirm([{ mission: onTime, version: 1 }]));
      expect([refused.status, refused.json.code]).toEqual([409, 'hours_auto_confirmed']);
      expect(refused.json.message).toContain('(48 h)');
      const contested = await at(when, () => contest(late, {}));
      expect([contested.status, contested.json.code]).toEqual([409, 'hours_auto_confirmed']);
    }
    expect(await at(new Date(DEADLINE), () => find(late))).toMatchObject({ status: 'autoConfirmed', contest: null });
    // The worker's own confirmation stays what it was after the deadline.
    expect(await at(new Date(DEADLINE), () => find(early))).toMatchObject({ status: 'confirmed', confirmedAt: justBefore.toISOString() });
  });

  it('HOURS_CONFIRM_HOURS sets the window, which the summary states for the screens; a deadline already given does not move', async () => {
    const id = await day();
    const window = async () => ((await api.get('/api/user/me/hours/summary', { token: w.token })).json as { confirmWindowHours: number }).confirmWindowHours;
    expect(await window()).toBe(48);
    api.config.hoursConfirmWindowMs = 24 * HOUR;
    try {
      expect((await record(id, SHIFT)).json.confirmBy).toBe(new Date(START.getTime() + 24 * HOUR).toISOString());
      expect(await window()).toBe(24);
      // The refusal after the deadline says the window of the configuration, not 48 hours.
      const late = await at(new Date(START.getTime() + 24 * HOUR), () => confirm([{ mission: id, version: 1 }]));
      expect([late.json.code, late.json.message]).toEqual(['hours_auto_confirmed', expect.stringContaining('(24 h)')]);
    } finally {
      delete api.config.hoursConfirmWindowMs;
    }
    expect((await find(id)).confirmBy).toBe(new Date(START.getTime() + 24 * HOUR).toISOString());
  });
});

describe('confirming', () => {
  it('several days at once, all or none; the same confirm again answers the confirmed days', async () => {
    const [a, b, gone] = [await day(), await day(), await day({ date: '2027-01-12' })];
    for (const id of [a, b]) await record(id, SHIFT);
    await at(new Date(START.getTime() - 47 * HOUR), () => record(gone, SHIFT)); // recorded 47 hours before now
    const later = new Date(START.getTime() + 2 * HOUR); // gone's deadline has passed by then
    const refused = await at(later, () =>
      confirm([
        { mission: a, version: 1 },
        { mission: gone, version: 1 },
        { mission: b, version: 1 },
      ]),
    );
    expect([refused.status, refused.json.code]).toEqual([409, 'hours_auto_confirmed']);
    expect([(await find(a)).status, (await find(b)).status]).toEqual(['toConfirm', 'toConfirm']);

    const both = await at(later, () =>
      confirm([
        { mission: b, version: 1 },
        { mission: a, version: 1 },
      ]),
    );
    expect(both.json.map((d: { mission: string; status: string }) => [d.mission, d.status])).toEqual([
      [b, 'confirmed'],
      [a, 'confirmed'],
    ]);
    // A repeat after a lost answer: the same days, as they are (confirmed at the first time), nothing stored twice.
    const again = await confirm([
      { mission: a, version: 1 },
      { mission: b, version: 1 },
    ]);
    expect(again.status).toBe(200);
    expect(again.json.map((d: { confirmedAt: string }) => d.confirmedAt)).toEqual([later.toISOString(), later.toISOString()]);
    const answers = await api.deps.db.query('SELECT mission_id FROM hours_answers WHERE mission_id = ANY($1::text[])', [[a, b]]);
    expect(answers).toHaveLength(2);
  });

  it('refuses a day named twice (400), a day without hours or of another worker (404), nothing at all (422)', async () => {
    const id = await day();
    await record(id, SHIFT);
    expect(
      (
        await confirm([
          { mission: id, version: 1 },
          { mission: id, version: 1 },
        ])
      ).status,
    ).toBe(400);
    expect((await confirm([{ mission: await day(), version: 1 }])).status).toBe(404);
    const other = await approvedWorker(api);
    expect((await confirm([{ mission: id, version: 1 }], other.token)).status).toBe(404);
    expect((await contest(id, {}, other.token)).status).toBe(404);
    expect((await confirm([])).status).toBe(422);
    expect((await find(id)).status).toBe('toConfirm');
  });
});

describe('contesting', () => {
  it('records the worker’s hours and reason; the same contest again answers it; anything else on it is refused', async () => {
    const id = await day();
    await record(id, SHIFT);
    const res = await contest(id, { reason: '  Démontage du stand jusqu’à 17:00.  ' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'contested',
      contest: {
        hours: { start: '08:00', end: '17:00', breakMinutes: 30, paidMinutes: 510 },
        reason: 'Démontage du stand jusqu’à 17:00.',
        contestedAt: START.toISOString(),
      },
      paidMinutes: 426,
    });
    expect((await contest(id, { reason: 'Démontage du stand jusqu’à 17:00.' })).json).toEqual(res.json);
    for (const [refused, code] of [
      [await contest(id, { end: '18:00' }), 'hours_contested'],
      [await confirm([{ mission: id, version: 1 }]), 'hours_contested'],
      [await record(id, { ...SHIFT, end: '16:00' }), 'hours_contested'],
    ] as const)
      expect([refused.status, refused.json.code]).toEqual([409, code]);
  });

  it('after a confirm, a contest is refused (hours_confirmed), and so is a new recording', async () => {
    const id = await day();
    await record(id, SHIFT);
    await confirm([{ mission: id, version: 1 }]);
    expect((await contest(id, {})).json.code).toBe('hours_confirmed');
    expect((await record(id, { ...SHIFT, end: '16:00' })).json.code).toBe('hours_confirmed');
  });

  it('refuses bad input, each with its own message, and stores nothing', async () => {
    const id = await day();
    await record(id, SHIFT);
    const fields = async (body: Record<string, unknown>) => {
      const res = await contest(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      return Object.fromEntries((res.json.fields as Array<{ path: string; message: string }>).map((f) => [f.path, f.message]));
    };
    expect(await fields({ end: '08:00' })).toEqual({
      end: "L'heure de fin doit être différente de l'heure de début (une fin plus tôt que le début se termine le lendemain).",
    });
    expect(await fields({ breakMinutes: 540 })).toEqual({ breakMinutes: 'La pause doit être plus courte que la prestation.' });
    expect(await fields({ breakMinutes: 600 })).toEqual({ breakMinutes: 'La pause doit être plus courte que la prestation.' });
    const time = await fields({ start: '25:00', end: '9:5' });
    expect(Object.keys(time).sort()).toEqual(['end', 'start']);
    expect(time.start).toBe(time.end);
    expect(await fields({ reason: '   ' })).toEqual({ reason: 'Expliquez ce qui ne va pas dans ces heures.' });
    expect(await fields({ reason: 'x'.repeat(501) })).toEqual({ reason: '500 caractères au maximum.' });
    expect((await contest(id, { reason: 'x'.repeat(500) })).status).toBe(200);
    expect(
      (await api.post(`/api/user/me/hours/${id}/contest`, { token: w.token, json: { version: 1, start: '08:00', end: '17:00', breakMinutes: 30 } })).status,
    ).toBe(400);
  });

  it('a correction of the client makes a new version: the old one can be neither confirmed nor contested', async () => {
    const id = await day();
    await record(id, SHIFT);
    const corrected = await at(new Date(START.getTime() + HOUR), () => record(id, { ...SHIFT, end: '16:00' }));
    expect(corrected.json).toMatchObject({
      version: 2,
      recorded: { end: '16:00', paidMinutes: 450 },
      confirmBy: new Date(START.getTime() + 49 * HOUR).toISOString(),
    });
    expect((await confirm([{ mission: id, version: 1 }])).json.code).toBe('hours_changed');
    expect((await contest(id, { version: 1 })).json.code).toBe('hours_changed');
    expect((await confirm([{ mission: id, version: 3 }])).status).toBe(404);
    expect((await confirm([{ mission: id, version: 2 }])).json).toMatchObject([{ version: 2, status: 'confirmed' }]);
    const history = await api.deps.db.query<{ version: number; end_time: string }>(
      'SELECT version, end_time FROM hours_records WHERE mission_id = $1 ORDER BY version',
      [id],
    );
    expect(history).toEqual([
      { version: 1, end_time: '15:36' },
      { version: 2, end_time: '16:00' },
    ]);
  });
});

describe('the list', () => {
  it('filters by period, latest first; by default four weeks, reaching back to a day still open', async () => {
    const old = await day({ date: '2026-11-20' });
    await record(old, SHIFT);
    const ids = (rows: Array<{ mission: string }>) => rows.map((r) => r.mission);
    expect(ids(await list())).toContain(old);
    expect(ids(await list('?from=2027-01-01'))).not.toContain(old);
    expect(ids(await list('?from=2026-11-20&to=2026-11-20'))).toEqual([old]);
    await confirm([{ mission: old, version: 1 }]);
    expect(ids(await list())).not.toContain(old);
    const dates = (await list()).map((r) => r.date as string);
    expect(dates).toEqual([...dates].sort().reverse());
    const bad = await api.get('/api/user/me/hours?from=2027-02-01&to=2027-01-01', { token: w.token });
    expect([bad.status, bad.json.fields[0].path]).toEqual([422, 'to']);
    expect((await api.get('/api/user/me/hours?from=2027-02-30', { token: w.token })).status).toBe(400);
  });
});

describe('who may', () => {
  it('a new account is refused (403), the back-office needs its token', async () => {
    const { token } = await newWorker(api);
    expect((await api.get('/api/user/me/hours', { token })).status).toBe(403);
    expect((await api.get('/api/user/me/hours/summary', { token })).status).toBe(403);
    const id = await day();
    const noToken = await api.call('POST', `/api/backoffice/workers/${enc(w.email)}/missions/${id}/hours`, {
      json: SHIFT,
      headers: { Authorization: `Bearer ${BACKOFFICE}x` },
    });
    expect(noToken.status).toBe(401);
  });
});
