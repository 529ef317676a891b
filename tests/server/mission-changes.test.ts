// §13: the agency moves or cancels a mission (back-office API and CLI); the change reaches the worker by mail in
// their language, the planning marks it, and a cancelled mission is neither signed nor counted as worked.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';
import { runCli } from './helpers/backoffice-cli.ts';
import { approvedWorker, mission, newWorker, submitDetails } from './helpers/workers.ts';
import { isPdf, pdfStrings } from '../support/pdf-text.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const START = new Date('2027-01-15T10:00:00Z');
let api: TestServer;
beforeAll(async () => {
  api = await startServer({ start: START });
});
afterAll(() => api.close());

const enc = encodeURIComponent;
const change = (email: string, id: string, body: unknown) => api.bo('POST', `/workers/${enc(email)}/missions/${id}/change`, body);
const cancel = (email: string, id: string) => api.bo('POST', `/workers/${enc(email)}/missions/${id}/cancel`, {});
const mails = async (email: string) => (await api.bo('GET', `/outbox?to=${enc(email)}`)).json as Array<{ subject: string; text: string; links: string[] }>;
const planning = async (token: string) => (await api.get('/api/user/me/upcoming-planning?complete=1', { token })).json as Array<Record<string, unknown>>;

async function dutchWorker() {
  const w = await newWorker(api, { language: 'nl' });
  await submitDetails(api, w);
  expect((await api.bo('POST', `/workers/${enc(w.email)}/approve-details`)).status).toBe(200);
  return w;
}

describe('changing a mission', () => {
  it('bumps the sequence, keeps the history, makes the contract again, and mails the worker what changed (fr)', async () => {
    const w = await approvedWorker(api);
    const m = await mission(api, w.email, { date: '2027-02-10', start: '09:00', end: '17:00', reference: 'SALON-1' });
    const contractBefore = (await api.get(`/api/user/me/documents/job-7/contract/${m.mission}/download`, { token: w.token })).bytes;
    api.clock.now = new Date(START.getTime() + 60_000);
    const res = await change(w.email, m.mission, { date: '2027-02-12', start: '10:00', end: '17:00', location2: '' });
    api.clock.now = START;
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      mission: m.mission,
      reference: 'SALON-1',
      status: 'planned',
      sequence: 1,
      changedAt: new Date(START.getTime() + 60_000).toISOString(),
      changes: [
        { field: 'date', from: '2027-02-10', to: '2027-02-12' },
        { field: 'start', from: '09:00', to: '10:00' },
        { field: 'location2', from: '1020 Bruxelles', to: '' },
      ],
    });
    expect((await change(w.email, m.mission, { shortLocation: 'Hall 5' })).json).toMatchObject({
      sequence: 2,
      changes: [{ field: 'shortLocation', from: 'Expo', to: 'Hall 5' }],
    });
    const history = await api.deps.db.query<{ sequence: number; kind: string }>(
      'SELECT sequence, kind FROM mission_changes WHERE mission_id = $1 ORDER BY sequence',
      [m.mission],
    );
    expect(history).toEqual([
      { sequence: 1, kind: 'changed' },
      { sequence: 2, kind: 'changed' },
    ]);

    const contract = (await api.get(`/api/user/me/documents/job-7/contract/${m.mission}/download`, { token: w.token })).bytes;
    expect(isPdf(contract)).toBe(true);
    expect(contract).not.toEqual(contractBefore);
    expect(pdfStrings(contract)).toEqual(expect.arrayContaining(['12/02/2027', '10:00 - 17:00']));

    const [second, first] = await mails(w.email);
    expect(first!.subject).toBe('Mission SALON-1 modifiée');
    expect(first!.text).toContain(
      "L'agence a modifié votre mission SALON-1 (Job 7) :\n\n- Date : 10/02/2027 → 12/02/2027\n- Heure de début : 09:00 → 10:00\n- Adresse (suite) : 1020 Bruxelles → —\n\nLa mission a désormais lieu le 12/02/2027, de 10:00 à 17:00.",
    );
    expect(first!.links).toEqual(['http://portal.test/planning?lang=fr']);
    expect(second!.text).toContain('- Lieu : Expo → Hall 5');
  });

  it('mails a Dutch-speaking worker in Dutch', async () => {
    const w = await dutchWorker();
    const m = await mission(api, w.email, { date: '2027-02-10', start: '09:00', end: '17:00', reference: 'BEURS-2' });
    await change(w.email, m.mission, { end: '18:30', location1: 'Heizel 3' });
    const [mail] = await mails(w.email);
    expect(mail!.subject).toBe('Opdracht BEURS-2 gewijzigd');
    expect(mail!.text).toContain(
      'Het uitzendkantoor heeft uw opdracht BEURS-2 (Job 7) gewijzigd:\n\n- Einduur: 17:00 → 18:30\n- Adres: Place de Belgique 1 → Heizel 3\n',
    );
    await cancel(w.email, m.mission);
    const [cancelled] = await mails(w.email);
    expect(cancelled!.subject).toBe('Opdracht BEURS-2 geannuleerd');
    expect(cancelled!.text).toContain('uw opdracht BEURS-2 (Job 7) van 10/02/2027, van 09:00 tot 18:30, geannuleerd.');
  });

  it('changes nothing (no sequence, no mail) when the values are the ones it has', async () => {
    const w = await approvedWorker(api);
    const m = await mission(api, w.email, { date: '2027-02-10', start: '09:00' });
    const before = (await mails(w.email)).length;
    for (const body of [{}, { date: '2027-02-10', start: '09:00', shortLocation: ' Expo ' }]) {
      const res = await change(w.email, m.mission, body);
      expect(res.json).toMatchObject({ sequence: 0, changedAt: null, changes: [] });
    }
    expect(await mails(w.email)).toHaveLength(before);
  });

  it('refuses what it must: 404 for another worker’s or an unknown mission, 422 for bad values, 400 for bad shapes', async () => {
    const [a, b] = [await approvedWorker(api), await approvedWorker(api)];
    const m = await mission(api, a.email, { date: '2027-02-10' });
    expect((await change(b.email, m.mission, { start: '10:00' })).status).toBe(404);
    expect((await cancel(b.email, m.mission)).status).toBe(404);
    expect((await change(a.email, 'mnothere', { start: '10:00' })).status).toBe(404);
    const bad = await change(a.email, m.mission, { date: '2027-02-30', start: '25:00' });
    expect(bad.status).toBe(422);
    expect(bad.json.fields.map((f: { path: string }) => f.path).sort()).toEqual(['date', 'start']);
    expect((await change(a.email, m.mission, { reference: 'X' })).status).toBe(400);
    expect((await api.bo('POST', `/workers/${enc(a.email)}/missions/${m.mission}/cancel`, { now: true })).status).toBe(400);
    expect((await planning(a.token))[0]).toMatchObject({ status: 'planned', lastChange: null });
  });
});

describe('cancelling a mission', () => {
  it('keeps it in the planning, marked with when and what, and mails the worker (fr)', async () => {
    const w = await approvedWorker(api);
    const m = await mission(api, w.email, { date: '2027-02-10', start: '08:00', end: '12:00', reference: 'GALA-3' });
    api.clock.now = new Date(START.getTime() + 120_000);
    const res = await cancel(w.email, m.mission);
    api.clock.now = START;
    expect(res.json).toEqual({
      mission: m.mission,
      reference: 'GALA-3',
      status: 'cancelled',
      sequence: 1,
      changedAt: new Date(START.getTime() + 120_000).toISOString(),
      changes: [{ field: 'status', from: 'planned', to: 'cancelled' }],
    });
    const [item] = await planning(w.token);
    expect(item).toMatchObject({
      reference: 'GALA-3',
      status: 'cancelled',
      lastChange: {
        at: new Date(START.getTime() + 120_000).toISOString(),
        kind: 'cancelled',
        changes: [{ field: 'status', from: 'planned', to: 'cancelled' }],
      },
    });
    const upcoming = (await api.get('/api/user/me/upcoming-planning', { token: w.token })).json;
    expect(upcoming.map((i: { status: string }) => i.status)).toEqual(['cancelled']);
    const [mail] = await mails(w.email);
    expect(mail!.subject).toBe('Mission GALA-3 annulée');
    expect(mail!.text).toContain("L'agence a annulé votre mission GALA-3 (Job 7) du 10/02/2027, de 08:00 à 12:00.");

    expect((await cancel(w.email, m.mission)).status).toBe(409);
    const moved = await change(w.email, m.mission, { start: '09:00' });
    expect(moved.status).toBe(409);
    expect(moved.json.code).toBe('conflict');
    expect((await mails(w.email)).map((mail) => mail.subject)).toEqual(['Mission GALA-3 annulée', 'Validez votre adresse e-mail']);
  });

  it('is no longer signed: the signing list leaves it out and mark-for-signing refuses it (409 mission_cancelled)', async () => {
    const w = await approvedWorker(api, { signature: 'validated' });
    const kept = await mission(api, w.email, { date: '2027-01-10', reference: 'KEPT' });
    const dropped = await mission(api, w.email, { date: '2027-01-11', reference: 'DROPPED' });
    await cancel(w.email, dropped.mission);
    const list = (await api.get('/api/user/me/documents/documents-to-sign', { token: w.token })).json;
    expect(list.map((i: { reference: string }) => i.reference)).toEqual(['KEPT']);
    const refused = await api.post('/api/user/me/documents/mark-for-signing', {
      token: w.token,
      json: [
        { mission: kept.mission, comment: '' },
        { mission: dropped.mission, comment: '' },
      ],
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ code: 'mission_cancelled', message: 'Cette mission a été annulée : son contrat ne peut plus être signé.' });
    // Nothing was stored: the valid one is still to sign.
    expect((await api.get('/api/user/me/documents/documents-to-sign', { token: w.token })).json).toHaveLength(1);
    expect((await api.post('/api/user/me/documents/mark-for-signing', { token: w.token, json: [{ mission: kept.mission, comment: '' }] })).status).toBe(200);
    // A mission whose contract the worker asked to sign no longer changes.
    expect((await cancel(w.email, kept.mission)).status).toBe(409);
    expect((await change(w.email, kept.mission, { start: '07:00' })).status).toBe(409);
  });

  it('is not worked: no contract in the overview, no C4, no line in the worked-days attest', async () => {
    const w = await approvedWorker(api);
    const m = await mission(api, w.email, { date: '2026-12-03', reference: 'NEVER-WORKED' });
    await cancel(w.email, m.mission);
    expect((await api.get('/api/user/me/documents/contracts-overview', { token: w.token })).json).toEqual([]);
    const c4 = await api.get('/api/user/me/documents/contract-terminations-download?start=2026-12-01&end=2026-12-31', { token: w.token });
    expect(c4.json.code).toBe('no_c4_for_period');
    const attest = await api.get('/api/user/me/documents/worked-days-attest-download?start=2026-12-01&end=2026-12-31', { token: w.token });
    expect(pdfStrings(attest.bytes)).not.toContain('NEVER-WORKED');
  });
});

describe('npm run backoffice', () => {
  const cli = (argv: string[]) => runCli(api, argv);

  it('change-mission and cancel-mission do the same over HTTP', async () => {
    const w = await approvedWorker(api);
    const m = await mission(api, w.email, { date: '2027-02-10', start: '09:00' });
    const moved = await cli(['change-mission', w.email, m.mission, '--start', '07:30', '--short-location', 'Quai 4']);
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.out)).toMatchObject({
      sequence: 1,
      changes: [
        { field: 'start', to: '07:30' },
        { field: 'shortLocation', to: 'Quai 4' },
      ],
    });
    expect(await cli(['change-mission', w.email, m.mission])).toEqual({
      code: 2,
      out: 'Nothing to change: give --date, --start, --end, --short-location, --location1 or --location2.',
    });
    expect((await cli(['cancel-mission', w.email])).code).toBe(2);
    expect(JSON.parse((await cli(['cancel-mission', w.email, m.mission])).out)).toMatchObject({ status: 'cancelled', sequence: 2 });
    const again = await cli(['cancel-mission', w.email, m.mission]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('HTTP 409');
  });
});
