// Availabilities (ISO weeks, Monday first, padding day 0) and the planning (upcoming / complete).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isoWeek, monthWeeks } from '../../server/api/planning.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { approvedWorker, isoDay, mission, newWorker } from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
let worker: { email: string; token: string };
beforeAll(async () => {
  api = await startServer();
  worker = await approvedWorker(api);
});
afterAll(() => api.close());

describe('month layout', () => {
  it('numbers ISO weeks across year ends', () => {
    expect(isoWeek(new Date(Date.UTC(2026, 0, 1)))).toBe(1);
    expect(isoWeek(new Date(Date.UTC(2027, 0, 1)))).toBe(53);
    expect(isoWeek(new Date(Date.UTC(2024, 11, 30)))).toBe(1);
    expect(isoWeek(new Date(Date.UTC(2026, 5, 15)))).toBe(25);
  });

  it('pads the first and last weeks with day 0; February 2027 fits in four weeks', () => {
    const june = monthWeeks(2026, 6, new Map());
    expect(june[0]!.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(june.at(-1)!.days.map((d) => d.day)).toEqual([29, 30, 0, 0, 0, 0, 0]);
    expect(monthWeeks(2027, 2, new Map())).toHaveLength(4);
    expect(monthWeeks(2026, 3, new Map())).toHaveLength(6);
  });
});

describe('GET/POST /user/me/availabilities/{year}/{month}', () => {
  it('saves edits of that month and reads them back; other days keep their value', async () => {
    const empty = await api.get('/api/user/me/availabilities/2026/2', { token: worker.token });
    expect(empty.json).toMatchObject({ year: 2026, month: 2 });
    expect(empty.json.weeks[0].days[0]).toEqual({ day: 0, morning: false, afternoon: false, evening: false });
    const saved = await api.post('/api/user/me/availabilities/2026/2', {
      token: worker.token,
      json: [
        { day: 1, morning: true, afternoon: false, evening: true },
        { day: 28, morning: false, afternoon: true, evening: false },
      ],
    });
    expect(saved.status).toBe(204);
    await api.post('/api/user/me/availabilities/2026/2', { token: worker.token, json: [{ day: 28, morning: true, afternoon: true, evening: true }] });
    const days = (await api.get('/api/user/me/availabilities/2026/2', { token: worker.token })).json.weeks.flatMap((w: { days: unknown[] }) => w.days);
    expect(days.find((d: { day: number }) => d.day === 1)).toEqual({ day: 1, morning: true, afternoon: false, evening: true });
    expect(days.find((d: { day: number }) => d.day === 28)).toEqual({ day: 28, morning: true, afternoon: true, evening: true });
    expect(days.filter((d: { day: number }) => d.day > 0)).toHaveLength(28);
    const march = (await api.get('/api/user/me/availabilities/2026/3', { token: worker.token })).json.weeks.flatMap(
      (w: { days: Array<{ morning: boolean }> }) => w.days,
    );
    expect(march.some((d: { morning: boolean }) => d.morning)).toBe(false);
    const other = await approvedWorker(api);
    expect((await api.get('/api/user/me/availabilities/2026/2', { token: other.token })).json.weeks[0].days[6]).toEqual({
      day: 1,
      morning: false,
      afternoon: false,
      evening: false,
    });
  });

  it('refuses a day the month does not have (422), bad params and shapes (400), new accounts (403), no session (401)', async () => {
    const res = await api.post('/api/user/me/availabilities/2026/2', {
      token: worker.token,
      json: [{ day: 30, morning: true, afternoon: true, evening: true }],
    });
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual([{ path: '0.day', message: "Ce jour n'existe pas dans ce mois." }]);
    expect(
      (await api.post('/api/user/me/availabilities/2026/2', { token: worker.token, json: [{ day: 32, morning: true, afternoon: true, evening: true }] }))
        .status,
    ).toBe(422);
    expect(
      (await api.post('/api/user/me/availabilities/2026/2', { token: worker.token, json: [{ day: 3, morning: 'yes', afternoon: true, evening: true }] }))
        .status,
    ).toBe(400);
    expect((await api.post('/api/user/me/availabilities/2026/2', { token: worker.token, json: { day: 3 } })).status).toBe(400);
    for (const path of ['2026/13', '2026/0', '1999/5', 'abcd/5', '2026/05.5', '2026/99999999999999'])
      expect((await api.get(`/api/user/me/availabilities/${path}`, { token: worker.token })).status, path).toBe(400);
    const fresh = await newWorker(api);
    const refused = await api.get('/api/user/me/availabilities/2026/2', { token: fresh.token });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('account_not_approved');
    expect(
      (await api.post('/api/user/me/availabilities/2026/2', { token: fresh.token, json: [{ day: 1, morning: true, afternoon: true, evening: true }] })).status,
    ).toBe(403);
    expect((await api.get('/api/user/me/availabilities/2026/2')).status).toBe(401);
  });
});

describe('GET /user/me/upcoming-planning', () => {
  it('answers missions from today on, earliest first; complete=1 answers all', async () => {
    const w = await approvedWorker(api);
    await mission(api, w.email, { date: isoDay(9, api.clock.now), reference: 'LATER' });
    await mission(api, w.email, { date: isoDay(-9, api.clock.now), reference: 'BEFORE' });
    await mission(api, w.email, { date: isoDay(0, api.clock.now), reference: 'TODAY' });
    await mission(api, worker.email, { date: isoDay(1, api.clock.now), reference: 'SOMEONE-ELSE' });
    const upcoming = await api.get('/api/user/me/upcoming-planning', { token: w.token });
    expect(upcoming.json.map((p: { reference: string }) => p.reference)).toEqual(['TODAY', 'LATER']);
    expect(upcoming.json[0]).toMatchObject({ shortLocation: 'Expo', location1: 'Place de Belgique 1', briefing: 'Tenue noire', start: '09:00', end: '17:30' });
    const all = await api.get('/api/user/me/upcoming-planning?complete=1', { token: w.token });
    expect(all.json.map((p: { reference: string }) => p.reference)).toEqual(['BEFORE', 'TODAY', 'LATER']);
    expect((await api.get('/api/user/me/upcoming-planning?complete=0', { token: w.token })).json).toHaveLength(2);
    expect((await api.get('/api/user/me/upcoming-planning?complete=yes', { token: w.token })).status).toBe(400);
    expect((await api.get('/api/user/me/upcoming-planning', { token: (await newWorker(api)).token })).status).toBe(403);
    expect((await api.get('/api/user/me/upcoming-planning')).status).toBe(401);
  });
});
