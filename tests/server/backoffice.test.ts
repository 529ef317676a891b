// Tag backoffice: off (404) without BACKOFFICE_TOKEN, 401 with a wrong token, and each operation.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HELP } from '../../scripts/backoffice.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { runCli } from './helpers/backoffice-cli.ts';
import { SIGNATURE, approvedWorker, login, mission, newWorker, register, submitDetails, uniqueEmail } from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
let off: TestServer;
beforeAll(async () => {
  [api, off] = await Promise.all([startServer(), startServer({ backofficeToken: null })]);
});
afterAll(async () => {
  await Promise.all([api.close(), off.close()]);
});

const enc = encodeURIComponent;
const ALL = (email: string) =>
  [
    ['POST', `/workers/${enc(email)}/approve-details`, undefined],
    ['POST', `/workers/${enc(email)}/signature-status`, { status: 'validated' }],
    ['POST', `/workers/${enc(email)}/missions`, { date: '2026-01-05', start: '09:00', end: '17:00', reference: 'R', job: 'j' }],
    ['POST', `/workers/${enc(email)}/documents`, { kind: 'fiscal-year', year: 2025 }],
    ['POST', `/workers/${enc(email)}/impersonation-token`, undefined],
    ['GET', `/outbox?to=${enc(email)}`, undefined],
  ] as const;

describe('access', () => {
  it('is absent (404) when BACKOFFICE_TOKEN is unset, whatever the token', async () => {
    for (const [method, path, json] of ALL('a@b.be')) {
      const res = await off.call(method, `/api/backoffice${path}`, { headers: { Authorization: 'Bearer anything' }, ...(json ? { json } : {}) });
      expect(res.status, path).toBe(404);
      expect(res.json.code).toBe('not_found');
    }
  });

  it('answers 401 without or with a wrong token, and to a worker session token', async () => {
    const worker = await login(api, await register(api));
    for (const [method, path, json] of ALL('a@b.be')) {
      for (const headers of [
        {} as Record<string, string>,
        { Authorization: 'Bearer wrong' },
        { Authorization: `Bearer ${worker}` },
        { Authorization: 'test-backoffice-token' },
      ]) {
        const res = await api.call(method, `/api/backoffice${path}`, { headers, ...(json ? { json } : {}) });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it('answers 404 for an unknown worker and 400 for a malformed address', async () => {
    for (const [method, path, json] of ALL(uniqueEmail()).slice(0, 5)) expect((await api.bo(method, path, json)).status, path).toBe(404);
    expect((await api.bo('POST', '/workers/not-an-email/approve-details')).status).toBe(400);
    expect((await api.bo('GET', '/outbox?to=nope')).status).toBe(400);
    expect((await api.bo('GET', '/outbox')).status).toBe(400);
  });
});

describe('operations', () => {
  it('approve-details validates the file and ends the new account', async () => {
    const w = await newWorker(api);
    await submitDetails(api, w);
    const res = await api.bo('POST', `/workers/${enc(w.email)}/approve-details`);
    expect(res.json).toMatchObject({ employeeDetailsStatus: 'validated', newAccount: false });
    const me = await api.post('/api/auth/login', { json: { username: w.email, password: 'correct horse' } });
    expect(me.json).toMatchObject({ details: 2, newAccount: false, shouldRedirectToDetailsPage: false, blockAccessToDetailsPage: false });
  });

  it('signature-status: 409 without a signature, 422 for another status, 200 otherwise', async () => {
    const w = await approvedWorker(api);
    const none = await api.bo('POST', `/workers/${enc(w.email)}/signature-status`, { status: 'validated' });
    expect(none.status).toBe(409);
    expect(none.json.code).toBe('conflict');
    await api.post('/api/user/me/update-signature', { token: w.token, json: { value: SIGNATURE } });
    expect((await api.bo('POST', `/workers/${enc(w.email)}/signature-status`, { status: 'maybe' })).status).toBe(422);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/signature-status`, {})).status).toBe(400);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/signature-status`, { status: 'validated' })).json).toEqual({ value: SIGNATURE, status: 2 });
  });

  it('missions: 201 with the created mission; 422 for bad values, 400 for bad shapes', async () => {
    const w = await approvedWorker(api);
    const created = await mission(api, w.email, { date: '2026-02-01', reference: ' Ref ' });
    expect(created).toMatchObject({ date: '2026-02-01', job: 'job-7' });
    const bad = await api.bo('POST', `/workers/${enc(w.email)}/missions`, {
      date: '2026-02-30',
      start: '25:00',
      end: '17:00',
      reference: '',
      job: 'j',
      km: -1,
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields.map((f: { path: string }) => f.path).sort()).toEqual(['date', 'km', 'reference', 'start']);
    expect(bad.json.fields.find((f: { path: string }) => f.path === 'start').message).toBe('Veuillez saisir une heure valide (HH:MM).');
    expect(
      (await api.bo('POST', `/workers/${enc(w.email)}/missions`, { date: '2026-02-01', start: '09:00', end: '17:00', reference: 'R', job: 'j', extra: true }))
        .status,
    ).toBe(400);
    expect(
      (await api.bo('POST', `/workers/${enc(w.email)}/missions`, { date: '2026-02-01', start: '09:00', end: '17:00', reference: 'R', job: 'a/b' })).status,
    ).toBe(422);
  });

  it('documents: payslip needs a month (422); names follow payslip-YYYYMM-id and fiscal-YYYY-id', async () => {
    const w = await approvedWorker(api);
    const noMonth = await api.bo('POST', `/workers/${enc(w.email)}/documents`, { kind: 'payslip', year: 2026 });
    expect(noMonth.status).toBe(422);
    expect(noMonth.json.fields).toEqual([{ path: 'month', message: 'Ce champ est obligatoire.' }]);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/documents`, { kind: 'payslip', year: 2026, month: 4, amount: 99.5 })).json.name).toMatch(
      /^payslip-202604-[a-z0-9]{10}$/,
    );
    expect((await api.bo('POST', `/workers/${enc(w.email)}/documents`, { kind: 'fiscal-year', year: 2025 })).json.name).toMatch(/^fiscal-2025-[a-z0-9]{10}$/);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/documents`, { kind: 'bonus', year: 2025 })).status).toBe(422);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/documents`, { kind: 'payslip', year: '2025', month: 1 })).status).toBe(400);
  });

  it('outbox: newest first, with the links, only for that address', async () => {
    const email = await register(api);
    await api.post('/api/auth/reset-password', { json: { email } });
    const mails = (await api.bo('GET', `/outbox?to=${enc(email.toUpperCase())}`)).json;
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['Réinitialisation de votre mot de passe', 'Validez votre adresse e-mail']);
    expect(mails[0].to).toBe(email);
    expect(mails[0].text).toContain(mails[0].links[0]);
    expect((await api.bo('GET', `/outbox?to=${enc(uniqueEmail())}`)).json).toEqual([]);
  });
});

describe('npm run backoffice', () => {
  const cli = (argv: string[], token?: string) => runCli(api, argv, token);

  it('runs the same operations over HTTP and says how in --help', async () => {
    const w = await newWorker(api);
    await submitDetails(api, w);
    expect((await cli(['approve-details', w.email])).code).toBe(0);
    const created = await cli([
      'mission',
      w.email,
      '--date',
      '2026-03-02',
      '--start',
      '08:00',
      '--end',
      '12:00',
      '--reference',
      'CLI-1',
      '--job',
      'desk',
      '--km',
      '5',
      '--no-print',
    ]);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.out)).toMatchObject({ reference: 'CLI-1', job: 'desk', date: '2026-03-02' });
    expect(JSON.parse((await cli(['payslip', w.email, '2026', '2', '1500'])).out).name).toMatch(/^payslip-202602-/);
    expect(JSON.parse((await cli(['fiscal-year', w.email, '2025'])).out).name).toMatch(/^fiscal-2025-/);
    expect(JSON.parse((await cli(['impersonation-token', w.email])).out).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse((await cli(['outbox', w.email])).out)[0].subject).toBe('Validez votre adresse e-mail');
    const refused = await cli(['signature-status', w.email, 'validated']);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('HTTP 409');
    expect((await cli(['approve-details', w.email], '')).code).toBe(2);
    expect((await cli(['frobnicate', w.email])).code).toBe(2);
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toBe(HELP);
    expect(HELP).toContain('PORTAL_URL');
  });
});
