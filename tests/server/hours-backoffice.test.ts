// Hours worked, the agency's side (docs/decisions/195, 196): recording and resolving (both outcomes), the mails in
// the worker's language, the refusals, the CLI, the demo seed and a student's yearly counter. Answers are checked
// against openapi.yaml by the harness.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, seedIfEmpty } from '../../server/seed.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { runCli } from './helpers/backoffice-cli.ts';
import { approvedWorker, login, mission, newWorker, submitDetails } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const START = new Date('2027-01-15T10:00:00Z');
const enc = encodeURIComponent;
const SHIFT = { start: '08:00', end: '15:36', breakMinutes: 30 };

let api: TestServer;
let fr: { email: string; token: string };
let nl: { email: string; token: string };
beforeAll(async () => {
  api = await startServer({ start: START });
  // The demo workers first: the seed writes only into an empty database.
  expect(await seedIfEmpty(api.deps)).not.toBeNull();
  fr = await approvedWorker(api);
  nl = await newWorker(api, { language: 'nl' });
  await submitDetails(api, nl);
  expect((await api.bo('POST', `/workers/${enc(nl.email)}/approve-details`)).status).toBe(200);
});
afterAll(() => api.close());

const day = async (email: string, overrides: Record<string, unknown> = {}) =>
  (await mission(api, email, { date: '2027-01-14', reference: 'SALON-7', hourlyWageCents: 1437, ...overrides })).mission;
const record = (email: string, id: string, body: unknown) => api.bo('POST', `/workers/${enc(email)}/missions/${id}/hours`, body);
const resolve = (email: string, id: string, body: unknown) => api.bo('POST', `/workers/${enc(email)}/missions/${id}/hours/resolve`, body);
const contest = (w: { token: string }, id: string) =>
  api.post(`/api/user/me/hours/${id}/contest`, {
    token: w.token,
    json: { version: 1, start: '08:00', end: '17:00', breakMinutes: 30, reason: 'Démontage du stand.' },
  });
const mails = async (email: string) => (await api.bo('GET', `/outbox?to=${enc(email)}`)).json as Array<{ subject: string; text: string; links: string[] }>;
const summary = async (token: string) => (await api.get('/api/user/me/hours/summary', { token })).json;

describe('recording', () => {
  it('mails the worker the hours and the deadline in their language (fr, nl); the same hours again change nothing', async () => {
    const id = await day(fr.email);
    expect((await record(fr.email, id, SHIFT)).status).toBe(201);
    const [mail] = await mails(fr.email);
    expect(mail!.subject).toBe('Vos heures du 14/01/2027 à confirmer (SALON-7)');
    expect(mail!.text).toContain(
      'Le client a enregistré vos heures du 14/01/2027 pour la mission SALON-7 :\n\n- Horaire : 08:00 – 15:36\n- Pause non payée : 30 min\n- Heures payées : 7 h 06\n- Brut estimé : 102,03\u00a0€\n\nVérifiez-les, puis confirmez-les ou contestez-les avant le 17/01/2027 à 11:00 :\nhttp://portal.test/hours?lang=fr',
    );
    expect(mail!.links).toEqual(['http://portal.test/hours?lang=fr']);
    const again = await record(fr.email, id, SHIFT);
    expect([again.status, again.json.version]).toEqual([200, 1]);
    expect((await mails(fr.email)).filter((m) => m.subject.startsWith('Vos heures'))).toHaveLength(1);

    const night = await day(nl.email, { reference: 'NACHT-1' });
    await record(nl.email, night, { start: '22:00', end: '06:00', breakMinutes: 45 });
    const [nlMail] = await mails(nl.email);
    expect(nlMail!.subject).toBe('Uw uren van 14/01/2027 te bevestigen (NACHT-1)');
    expect(nlMail!.text).toContain(
      '- Uurrooster: 22:00 – 06:00 (de volgende dag)\n- Onbetaalde pauze: 45 min\n- Betaalde uren: 7 u 15\n- Geschat brutoloon: €\u00a0104,18\n',
    );
    expect(nlMail!.text).toContain('vóór 17/01/2027 om 11:00:');
  });

  it('refuses what it must: a day to come, a cancelled mission, bad values, an unknown mission or worker', async () => {
    const soon = await day(fr.email, { date: '2027-01-16' });
    expect((await record(fr.email, soon, SHIFT)).json.code).toBe('hours_too_early');
    const today = await day(fr.email, { date: '2027-01-15' });
    expect((await record(fr.email, today, SHIFT)).status).toBe(201);
    const cancelled = await day(fr.email);
    await api.bo('POST', `/workers/${enc(fr.email)}/missions/${cancelled}/cancel`, {});
    expect((await record(fr.email, cancelled, SHIFT)).json.code).toBe('mission_cancelled');
    const id = await day(fr.email);
    const bad = await record(fr.email, id, { start: '09:00', end: '09:00', breakMinutes: 30 });
    expect([bad.status, bad.json.fields.map((f: { path: string }) => f.path)]).toEqual([422, ['end']]);
    expect((await record(fr.email, id, { ...SHIFT, breakMinutes: 456 })).json.fields[0].path).toBe('breakMinutes');
    expect((await record(fr.email, id, { ...SHIFT, start: '8:00' })).status).toBe(422);
    expect((await record(fr.email, 'mnothere', SHIFT)).status).toBe(404);
    expect((await record('nobody@example.be', id, SHIFT)).status).toBe(404);
    expect((await record(nl.email, id, SHIFT)).status).toBe(404);
    expect(await api.deps.db.query('SELECT 1 FROM hours_records WHERE mission_id = $1', [id])).toEqual([]);
  });
});

describe('resolving a contest', () => {
  it("taking the worker's hours pays them, mails the outcome (nl), and closes the day to anything else", async () => {
    const id = await day(nl.email);
    await record(nl.email, id, SHIFT);
    expect((await resolve(nl.email, id, { outcome: 'worker' })).json.code).toBe('hours_not_contested');
    await contest(nl, id);
    const later = new Date(START.getTime() + 3_600_000);
    api.clock.now = later;
    const res = await resolve(nl.email, id, { outcome: 'worker' });
    api.clock.now = START;
    expect(res.json).toMatchObject({
      status: 'resolved',
      resolution: { outcome: 'worker', note: '', resolvedAt: later.toISOString() },
      paidMinutes: 510,
      grossCents: 12215,
    });
    const [mail] = await mails(nl.email);
    expect(mail!.subject).toBe('Uw betwisting van de uren van 14/01/2027 (SALON-7)');
    expect(mail!.text).toContain(
      'Uw uren zijn weerhouden: die worden uitbetaald.\n\nWeerhouden uren:\n\n- Uurrooster: 08:00 – 17:00\n- Onbetaalde pauze: 30 min\n- Betaalde uren: 8 u 30\n- Geschat brutoloon: €\u00a0122,15',
    );
    expect((await resolve(nl.email, id, { outcome: 'worker' })).status).toBe(200);
    expect((await mails(nl.email)).filter((m) => m.subject.startsWith('Uw betwisting'))).toHaveLength(1);
    for (const refused of [
      await resolve(nl.email, id, { outcome: 'client', note: 'Non.' }),
      await record(nl.email, id, { ...SHIFT, end: '17:00' }),
      await api.post(`/api/user/me/hours/${id}/contest`, {
        token: nl.token,
        json: { version: 1, start: '08:00', end: '18:00', breakMinutes: 30, reason: 'Autre.' },
      }),
      await api.post('/api/user/me/hours/confirm', { token: nl.token, json: { days: [{ mission: id, version: 1 }] } }),
    ])
      expect([refused.status, refused.json.code]).toEqual([409, 'hours_resolved']);
    // The same contest sent again after a lost answer is answered with the day as it stands.
    expect((await contest(nl, id)).json.status).toBe('resolved');
  });

  it("keeping the client's hours needs a note, which the worker reads on the day and in the mail (fr)", async () => {
    const id = await day(fr.email);
    await record(fr.email, id, SHIFT);
    await contest(fr, id);
    const noNote = await resolve(fr.email, id, { outcome: 'client', note: '  ' });
    expect([noNote.status, noNote.json.fields]).toEqual([
      422,
      [{ path: 'note', message: 'Expliquez au travailleur pourquoi les heures du client sont maintenues.' }],
    ]);
    expect((await resolve(fr.email, id, { outcome: 'client', note: 'x'.repeat(501) })).json.fields[0].message).toBe('500 caractères au maximum.');
    const res = await resolve(fr.email, id, { outcome: 'client', note: 'La feuille de présence signée indique 15:36.' });
    expect(res.json).toMatchObject({
      status: 'resolved',
      resolution: { outcome: 'client', note: 'La feuille de présence signée indique 15:36.' },
      paidMinutes: 426,
      grossCents: 10203,
    });
    const shown = (await api.get('/api/user/me/hours', { token: fr.token })).json.find((d: { mission: string }) => d.mission === id);
    expect(shown).toEqual(res.json);
    const [mail] = await mails(fr.email);
    expect(mail!.text).toContain(
      "Les heures enregistrées par le client sont maintenues.\nMessage de l'agence : « La feuille de présence signée indique 15:36. »\n",
    );
  });
});

describe('the back-office CLI', () => {
  const cli = (argv: string[]) => runCli(api, argv);

  it('plans a mission with a wage, records its hours and resolves the contest', async () => {
    const planned = await cli([
      'mission',
      fr.email,
      '--date',
      '2027-01-13',
      '--start',
      '08:00',
      '--end',
      '16:00',
      '--reference',
      'CLI-1',
      '--job',
      'hostess',
      '--wage',
      '14,37',
    ]);
    const { mission: id } = JSON.parse(planned.out) as { mission: string };
    const recorded = await cli(['record-hours', fr.email, id, '--start', '08:00', '--end', '15:36', '--break', '30']);
    expect(recorded.code).toBe(0);
    expect(JSON.parse(recorded.out)).toMatchObject({ status: 'toConfirm', grossCents: 10203 });
    expect(await cli(['record-hours', fr.email])).toMatchObject({ code: 2 });
    await contest(fr, id);
    expect(JSON.parse((await cli(['resolve-hours', fr.email, id, 'client', '--note', 'Feuille signée.'])).out)).toMatchObject({
      status: 'resolved',
      resolution: { outcome: 'client' },
    });
    const again = await cli(['resolve-hours', fr.email, id, 'worker']);
    expect([again.code, again.out]).toEqual([1, expect.stringContaining('"code": "hours_resolved"')]);
  });
});

describe('the demo seed and a student’s year', () => {
  it('gives the employee and the student a day in every state, the student a part of the year’s quota', async () => {
    for (const email of ['employee@demo.example', 'student@demo.example']) {
      const token = await login(api, email, DEMO_PASSWORD);
      const days = (await api.get('/api/user/me/hours', { token })).json as Array<{
        status: string;
        confirmBy: string;
        resolution: { outcome: string } | null;
        recorded: { endsNextDay: boolean };
      }>;
      const statuses = days.map((d) => (d.resolution ? `resolved:${d.resolution.outcome}` : d.status));
      expect(new Set(statuses)).toEqual(new Set(['toConfirm', 'contested', 'confirmed', 'autoConfirmed', 'resolved:worker', 'resolved:client']));
      const left = days
        .filter((d) => d.status === 'toConfirm')
        .map((d) => (Date.parse(d.confirmBy) - START.getTime()) / 3_600_000)
        .sort((a, b) => a - b);
      expect(left).toEqual([1, 46]); // one about to be confirmed on its own, one with hours left
      expect(days.some((d) => d.recorded.endsNextDay)).toBe(true);
      expect(await summary(token)).toMatchObject({ toConfirm: 2, nextDeadline: new Date(START.getTime() + 3_600_000).toISOString() });
    }
  });

  it('counts the student’s paid hours of the year at this agency, seeded and newly recorded; an employee has no counter', async () => {
    const student = await login(api, 'student@demo.example', DEMO_PASSWORD);
    // The seeded days of 2027 (the days before it are another year): 426 + 435 + 450 + 390 + 450 + 525 (the worker's
    // hours, taken) + 450 + 480 minutes.
    expect((await summary(student)).studentYear).toEqual({ year: 2027, paidMinutes: 3606, quotaHours: 650 });
    const id = await day('student@demo.example');
    await record('student@demo.example', id, SHIFT);
    expect((await summary(student)).studentYear.paidMinutes).toBe(3606 + 426);
    expect((await summary(await login(api, 'employee@demo.example', DEMO_PASSWORD))).studentYear).toBeNull();
    expect((await summary(fr.token)).studentYear).toBeNull();
  });

  it('the quota follows the year: 600 h in 2024, 475 h in 2022', async () => {
    const student = await login(api, 'student@demo.example', DEMO_PASSWORD);
    for (const [year, quota] of [
      [2024, 600],
      [2022, 475],
    ] as const) {
      api.clock.now = new Date(`${year}-06-01T10:00:00Z`);
      try {
        expect((await summary(student)).studentYear).toEqual({ year, paidMinutes: 0, quotaHours: quota });
      } finally {
        api.clock.now = START;
      }
    }
  });
});
