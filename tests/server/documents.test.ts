// Signature, signing, overviews and downloads: permissions of spec §6, another worker's data is a 404.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';
import { SIGNATURE, approvedWorker, isoDay, mission, newWorker, submitDetails } from './helpers/workers.ts';
import { isPdf, pdfStrings } from '../support/pdf-text.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
let employee: { email: string; token: string };
let other: { email: string; token: string };
let freelancer: { email: string; token: string };
let fresh: { email: string; token: string };
beforeAll(async () => {
  api = await startServer();
  employee = await approvedWorker(api, { signature: 'validated' });
  other = await approvedWorker(api, { signature: 'validated' });
  freelancer = await approvedWorker(api, { statute: '3' });
  fresh = await newWorker(api);
});
afterAll(() => api.close());

const enc = (email: string) => encodeURIComponent(email);

describe('signature', () => {
  it('GET answers null/0 without a signature; update stores it as pending review', async () => {
    const w = await approvedWorker(api);
    expect((await api.get('/api/user/me/signature', { token: w.token })).json).toEqual({ value: null, status: 0 });
    expect((await api.post('/api/user/me/update-signature', { token: w.token, json: { value: SIGNATURE } })).json.status).toBe(1);
    expect((await api.get('/api/user/me/info', { token: w.token })).json).toMatchObject({
      signatureStatus: 'pending review',
      hasAValidSignatureBeenCreated: true,
    });
    expect((await api.bo('POST', `/workers/${enc(w.email)}/signature-status`, { status: 'rejected' })).json).toEqual({ value: SIGNATURE, status: 3 });
    expect((await api.get('/api/user/me/info', { token: w.token })).json).toMatchObject({ signatureStatus: 'rejected', hasAValidSignatureBeenCreated: false });
  });

  it('refuses a new account (403 account_not_approved), freelancers (403), bad images (422), bad shapes (400), no session (401)', async () => {
    const res = await api.post('/api/user/me/update-signature', { token: fresh.token, json: { value: SIGNATURE } });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('account_not_approved');
    expect((await api.get('/api/user/me/signature', { token: fresh.token })).json).toEqual({ value: null, status: 0 });
    const free = await api.post('/api/user/me/update-signature', { token: freelancer.token, json: { value: SIGNATURE } });
    expect(free.json.code).toBe('freelance_not_allowed');
    expect((await api.get('/api/user/me/signature', { token: freelancer.token })).json.code).toBe('freelance_not_allowed');
    const jpegUrl = `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).toString('base64')}`;
    expect((await api.post('/api/user/me/update-signature', { token: employee.token, json: { value: jpegUrl } })).json.fields).toEqual([
      { path: 'value', message: 'La signature doit être une image PNG.' },
    ]);
    expect(
      (await api.post('/api/user/me/update-signature', { token: employee.token, json: { value: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4AAAAAAAAAAAAA' } }))
        .status,
    ).toBe(422);
    expect((await api.post('/api/user/me/update-signature', { token: employee.token, json: { value: 42 } })).status).toBe(400);
    expect((await api.post('/api/user/me/update-signature', { json: { value: SIGNATURE } })).status).toBe(401);
    expect((await api.get('/api/user/me/signature')).status).toBe(401);
    const big = `data:image/png;base64,${'A'.repeat(2_700_000)}`;
    expect((await api.post('/api/user/me/update-signature', { token: employee.token, json: { value: big } })).status).toBe(413);
  });
});

describe('documents to sign and mark-for-signing', () => {
  it('lists past, unrequested missions of the worker only; marks them with evidence; refuses others as 404', async () => {
    const past = await mission(api, employee.email, { date: isoDay(-1, api.clock.now), reference: 'PAST', km: 0 });
    const today = await mission(api, employee.email, { date: isoDay(0, api.clock.now), reference: 'TODAY' });
    const future = await mission(api, employee.email, { date: isoDay(4, api.clock.now), reference: 'FUTURE' });
    const foreign = await mission(api, other.email, { reference: 'OTHER' });
    const list = await api.get('/api/user/me/documents/documents-to-sign', { token: employee.token });
    const ids = list.json.map((i: { mission: string }) => i.mission);
    expect(ids).toEqual(expect.arrayContaining([past.mission, today.mission]));
    expect(ids).not.toContain(future.mission);
    expect(ids).not.toContain(foreign.mission);
    expect(list.json.find((i: { mission: string }) => i.mission === past.mission)).toMatchObject({
      km: 0,
      checked: false,
      signingRequested: false,
      comment: '',
    });

    const stranger = await api.post('/api/user/me/documents/mark-for-signing', {
      token: employee.token,
      json: [
        { mission: past.mission, comment: '' },
        { mission: foreign.mission, comment: '' },
      ],
    });
    expect(stranger.status).toBe(404);
    expect(
      (await api.post('/api/user/me/documents/mark-for-signing', { token: employee.token, json: [{ mission: future.mission, comment: '' }] })).status,
    ).toBe(404);
    // Nothing of a refused request is kept.
    expect((await api.get('/api/user/me/documents/documents-to-sign', { token: employee.token })).json.map((i: { mission: string }) => i.mission)).toContain(
      past.mission,
    );

    const long = await api.post('/api/user/me/documents/mark-for-signing', {
      token: employee.token,
      json: [{ mission: past.mission, comment: 'x'.repeat(251) }],
    });
    expect(long.status).toBe(422);
    expect(long.json.fields).toEqual([{ path: '0.comment', message: 'Le commentaire ne peut pas dépasser 250 caractères.' }]);
    expect((await api.post('/api/user/me/documents/mark-for-signing', { token: employee.token, json: [] })).status).toBe(422);
    expect((await api.post('/api/user/me/documents/mark-for-signing', { token: employee.token, json: [{ mission: past.mission }] })).status).toBe(400);
    expect(
      (
        await api.post('/api/user/me/documents/mark-for-signing', {
          token: employee.token,
          json: [
            { mission: past.mission, comment: '' },
            { mission: past.mission, comment: '' },
          ],
        })
      ).status,
    ).toBe(400);

    const ok = await api.post('/api/user/me/documents/mark-for-signing', {
      token: employee.token,
      json: [{ mission: past.mission, comment: 'x'.repeat(250) }],
      headers: { 'User-Agent': 'UA/1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject([{ mission: past.mission, signingRequested: true, checked: true }]);
    expect((await api.post('/api/user/me/documents/mark-for-signing', { token: employee.token, json: [{ mission: past.mission, comment: '' }] })).status).toBe(
      404,
    );
    const [evidence] = await api.deps.db.query<{ contract_sha256: string; user_agent: string; worker_id: string; signature_value: string }>(
      'SELECT contract_sha256, user_agent, worker_id, signature_value FROM signing_requests WHERE mission_id = $1',
      [past.mission],
    );
    const served = await api.get(`/api/user/me/documents/${past.job}/contract/${past.mission}/download`, { token: employee.token });
    expect(createHash('sha256').update(served.bytes).digest('hex')).toBe(evidence!.contract_sha256);
    expect(evidence).toMatchObject({ user_agent: 'UA/1', signature_value: SIGNATURE });
  });

  it('needs a validated signature (403 signature_required); freelancers and new accounts get their own 403', async () => {
    const pending = await approvedWorker(api, { signature: 'pending' });
    const m = await mission(api, pending.email);
    const res = await api.post('/api/user/me/documents/mark-for-signing', { token: pending.token, json: [{ mission: m.mission, comment: '' }] });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('signature_required');
    expect(
      (await api.post('/api/user/me/documents/mark-for-signing', { token: freelancer.token, json: [{ mission: m.mission, comment: '' }] })).json.code,
    ).toBe('freelance_not_allowed');
    expect((await api.post('/api/user/me/documents/mark-for-signing', { token: fresh.token, json: [{ mission: m.mission, comment: '' }] })).json.code).toBe(
      'account_not_approved',
    );
    expect((await api.post('/api/user/me/documents/mark-for-signing', { json: [{ mission: m.mission, comment: '' }] })).status).toBe(401);
  });
});

describe('overviews', () => {
  it('payslips and fiscal years by name (newest first), contracts with allowPrint', async () => {
    for (const month of [1, 11, 3]) await api.bo('POST', `/workers/${enc(employee.email)}/documents`, { kind: 'payslip', year: 2025, month, amount: 1500 });
    await api.bo('POST', `/workers/${enc(employee.email)}/documents`, { kind: 'fiscal-year', year: 2024, amount: 20000 });
    await api.bo('POST', `/workers/${enc(other.email)}/documents`, { kind: 'fiscal-year', year: 2023 });
    const payslips = (await api.get('/api/user/me/documents/payslip-overview', { token: employee.token })).json as string[];
    expect(payslips.map((n) => n.split('-')[1])).toEqual(['202511', '202503', '202501']);
    const fiscal = (await api.get('/api/user/me/documents/fiscal-year-overview', { token: employee.token })).json as string[];
    expect(fiscal).toHaveLength(1);
    expect(fiscal[0]).toMatch(/^fiscal-2024-[a-z0-9]+$/);
    await mission(api, employee.email, { reference: 'NOPRINT', allowPrint: false, date: '2020-01-01' });
    const contracts = (await api.get('/api/user/me/documents/contracts-overview', { token: employee.token })).json;
    expect(contracts.at(-1)).toMatchObject({ reference: 'NOPRINT', allowPrint: false, date: '2020-01-01' });
    for (const path of ['payslip-overview', 'fiscal-year-overview', 'contracts-overview', 'documents-to-sign']) {
      expect((await api.get(`/api/user/me/documents/${path}`, { token: freelancer.token })).json.code).toBe('freelance_not_allowed');
      expect((await api.get(`/api/user/me/documents/${path}`, { token: fresh.token })).json.code).toBe('account_not_approved');
      expect((await api.get(`/api/user/me/documents/${path}`)).status).toBe(401);
    }
  });
});

describe('downloads', () => {
  it('legal-document-download serves only the worker own names; traversal is 400, a foreign name 404', async () => {
    const mine = (await api.bo('POST', `/workers/${enc(employee.email)}/documents`, { kind: 'payslip', year: 2026, month: 2, amount: 1234.5 })).json.name;
    const theirs = (await api.bo('POST', `/workers/${enc(other.email)}/documents`, { kind: 'payslip', year: 2026, month: 2 })).json.name;
    const res = await api.get(`/api/user/me/documents/legal-document-download?file=${mine}`, { token: employee.token });
    expect(res.status).toBe(200);
    expect(isPdf(res.bytes)).toBe(true);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="fiche-de-paie-2026-02.pdf"; filename*=UTF-8''fiche-de-paie-2026-02.pdf`);
    const foreign = await api.get(`/api/user/me/documents/legal-document-download?file=${theirs}`, { token: employee.token });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe('document_not_found');
    expect((await api.get('/api/user/me/documents/legal-document-download?file=payslip-202602-nothere', { token: employee.token })).json.code).toBe(
      'document_not_found',
    );
    for (const evil of [
      '../../etc/passwd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `${mine}%2f..`,
      `..%5c${mine}`,
      `${mine}%00`,
      '',
      'payslip-x-2026',
      'payslip',
      'a b-202601-x',
    ])
      expect((await api.get(`/api/user/me/documents/legal-document-download?file=${evil}`, { token: employee.token })).status, evil).toBe(400);
    expect((await api.get('/api/user/me/documents/legal-document-download', { token: employee.token })).status).toBe(400);
    expect((await api.get(`/api/user/me/documents/legal-document-download?file=${mine}`)).status).toBe(401);
    expect((await api.get(`/api/user/me/documents/legal-document-download?file=${mine}`, { token: freelancer.token })).status).toBe(403);
  });

  it('contract download: own mission only (404 otherwise, also with the wrong job), named from the reference and the day', async () => {
    const m = await mission(api, employee.email, { job: 'bar-1', reference: 'FOIRE LIÈGE/3', date: '2026-12-04' });
    const res = await api.get(`/api/user/me/documents/bar-1/contract/${m.mission}/download`, { token: employee.token });
    expect(isPdf(res.bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="contrat-FOIRE-LIEGE-3-2026-12-04.pdf"; filename*=UTF-8''contrat-FOIRE-LIEGE-3-2026-12-04.pdf`,
    );
    expect((await api.get(`/api/user/me/documents/bar-1/contract/${m.mission}/download`, { token: other.token })).status).toBe(404);
    expect((await api.get(`/api/user/me/documents/bar-2/contract/${m.mission}/download`, { token: employee.token })).status).toBe(404);
    expect((await api.get(`/api/user/me/documents/bar-1/contract/..%2f..%2fx/download`, { token: employee.token })).status).toBe(400);
    expect((await api.get(`/api/user/me/documents/bar-1/contract/${m.mission}/download`)).status).toBe(401);
  });

  it('worked-days attest and C4 for a period; C4 says no_c4_for_period when nothing was worked; start after end is 422', async () => {
    const w = await approvedWorker(api);
    await mission(api, w.email, { date: '2025-03-10' });
    await mission(api, w.email, { date: '2025-03-12' });
    const attest = await api.get('/api/user/me/documents/worked-days-attest-download?start=2025-03-01&end=2025-03-31', { token: w.token });
    expect(isPdf(attest.bytes)).toBe(true);
    expect(isPdf((await api.get('/api/user/me/documents/worked-days-attest-download?start=2025-05-01&end=2025-05-31', { token: w.token })).bytes)).toBe(true);
    const c4 = await api.get('/api/user/me/documents/contract-terminations-download?start=2025-03-01&end=2025-03-31', { token: w.token });
    expect(isPdf(c4.bytes)).toBe(true);
    const none = await api.get('/api/user/me/documents/contract-terminations-download?start=2025-04-01&end=2025-04-30', { token: w.token });
    expect(none.status).toBe(404);
    expect(none.json.code).toBe('no_c4_for_period');
    const reversed = await api.get('/api/user/me/documents/contract-terminations-download?start=2025-04-30&end=2025-04-01', { token: w.token });
    expect(reversed.status).toBe(422);
    expect(reversed.json.fields).toEqual([{ path: 'end', message: 'La date de fin doit suivre la date de début.' }]);
    expect((await api.get('/api/user/me/documents/worked-days-attest-download?start=2025-02-30&end=2025-03-01', { token: w.token })).status).toBe(400);
    expect((await api.get('/api/user/me/documents/worked-days-attest-download?start=2025-02-01', { token: w.token })).status).toBe(400);
    expect((await api.get('/api/user/me/documents/worked-days-attest-download?start=2025-03-01&end=2025-03-31')).status).toBe(401);
    expect((await api.get('/api/user/me/documents/contract-terminations-download?start=2025-03-01&end=2025-03-31', { token: other.token })).status).toBe(404);
  });

  it('planning.pdf and planning.ics (CRLF, one VEVENT per mission, Brussels times)', async () => {
    const w = await approvedWorker(api);
    await mission(api, w.email, { date: '2026-07-01', start: '22:00', end: '06:00', reference: 'NIGHT; SHIFT', location1: 'Quai 1, Anvers' });
    await mission(api, w.email, { date: '2026-07-03', reference: 'DAY' });
    const pdf = await api.get('/api/user/download-planning', { token: w.token });
    expect(isPdf(pdf.bytes)).toBe(true);
    expect(pdfStrings(pdf.bytes)).toEqual(expect.arrayContaining(['NIGHT; SHIFT', 'DAY']));
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit' }).format(api.clock.now);
    expect(pdf.headers.get('content-disposition')).toContain(`filename="planning-${month}.pdf"`);
    const ics = await api.get('/api/user/download-planning.ics', { token: w.token });
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(ics.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics.text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.text).toContain('DTSTART;TZID=Europe/Brussels:20260701T220000');
    expect(ics.text).toContain('DTEND;TZID=Europe/Brussels:20260702T060000');
    expect(ics.text).toContain('SUMMARY:NIGHT\\; SHIFT - Job 7');
    expect(ics.text).toContain('LOCATION:Expo\\, Quai 1\\, Anvers\\, 1020 Bruxelles');
    expect(ics.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Brussels');
    expect(ics.text.match(/^UID:mission-m[a-z0-9]+@portal\.test$/gm)).toHaveLength(2);
    for (const line of ics.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect((await api.get('/api/user/download-planning.ics', { token: fresh.token })).status).toBe(403);
    expect((await api.get('/api/user/download-planning')).status).toBe(401);
  });
});

describe('readable names, documents in the worker language', () => {
  const disposition = (res: { headers: Headers }) => res.headers.get('content-disposition') ?? '';
  const dutchWorker = async () => {
    const w = await newWorker(api, { language: 'nl' });
    await submitDetails(api, w);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/approve-details`)).status).toBe(200);
    return w;
  };

  it('every download is named in the worker language from what it is, never from an internal id', async () => {
    const nl = await dutchWorker();
    const m = await mission(api, nl.email, { job: 'waiter', reference: 'GALA-NOËL', date: '2025-03-10' });
    const contract = await api.get(`/api/user/me/documents/waiter/contract/${m.mission}/download`, { token: nl.token });
    expect(disposition(contract)).toBe(`attachment; filename="contract-GALA-NOEL-2025-03-10.pdf"; filename*=UTF-8''contract-GALA-NOEL-2025-03-10.pdf`);
    const payslip = (await api.bo('POST', `/workers/${enc(nl.email)}/documents`, { kind: 'payslip', year: 2025, month: 3 })).json.name;
    const fiscal = (await api.bo('POST', `/workers/${enc(nl.email)}/documents`, { kind: 'fiscal-year', year: 2024 })).json.name;
    expect(disposition(await api.get(`/api/user/me/documents/legal-document-download?file=${payslip}`, { token: nl.token }))).toContain(
      'filename="loonbrief-2025-03.pdf"',
    );
    expect(disposition(await api.get(`/api/user/me/documents/legal-document-download?file=${fiscal}`, { token: nl.token }))).toContain(
      'filename="fiscale-fiche-2024.pdf"',
    );
    const period = 'start=2025-03-01&end=2025-03-31';
    expect(disposition(await api.get(`/api/user/me/documents/worked-days-attest-download?${period}`, { token: nl.token }))).toContain(
      'filename="attest-gewerkte-dagen-2025-03-01-2025-03-31.pdf"',
    );
    expect(disposition(await api.get(`/api/user/me/documents/contract-terminations-download?${period}`, { token: nl.token }))).toContain(
      'filename="C4-2025-03-01-2025-03-31.pdf"',
    );
    expect(disposition(await api.get('/api/user/download-planning.ics', { token: nl.token }))).toMatch(/filename="planning-\d{4}-\d{2}\.ics"/);
    const fr = await api.get(
      `/api/user/me/documents/legal-document-download?file=${(await api.bo('POST', `/workers/${enc(employee.email)}/documents`, { kind: 'fiscal-year', year: 2023 })).json.name}`,
      { token: employee.token },
    );
    expect(disposition(fr)).toContain('filename="fiche-fiscale-2023.pdf"');
  });

  it('the contract shows the reference, not the internal mission id; the job in the worker language', async () => {
    const fr = await mission(api, employee.email, { job: 'hostess', reference: 'FOIRE-LIEGE-3' });
    const frText = pdfStrings((await api.get(`/api/user/me/documents/hostess/contract/${fr.mission}/download`, { token: employee.token })).bytes);
    expect(frText.join('\n')).not.toContain(fr.mission);
    expect(frText).toEqual(expect.arrayContaining(['FOIRE-LIEGE-3', 'Hôte / hôtesse d’accueil']));
    expect(frText.join('\n')).not.toMatch(/\bhostess\b/);
    const nl = await dutchWorker();
    const nlMission = await mission(api, nl.email, { job: 'waiter', reference: 'GALA-NOEL' });
    const nlText = pdfStrings((await api.get(`/api/user/me/documents/waiter/contract/${nlMission.mission}/download`, { token: nl.token })).bytes);
    expect(nlText).toEqual(expect.arrayContaining(['Kelner / serveerster', 'Referentie:']));
    expect(nlText.join('\n')).not.toContain(nlMission.mission);
    // A job the table does not know yet is printed from its identifier, not dropped.
    const unknown = await mission(api, employee.email, { job: 'sound-engineer' });
    expect(
      pdfStrings((await api.get(`/api/user/me/documents/sound-engineer/contract/${unknown.mission}/download`, { token: employee.token })).bytes),
    ).toContain('Sound engineer');
  });

  it('French PDFs put a no-break space before ":" ";" "!" "?" and use the typographic apostrophe; Dutch ones do not', async () => {
    const m = await mission(api, employee.email, { job: 'steward', briefing: 'Arrivée à 08:30 ; tenue "noire" ! Questions ? Voir https://example.test' });
    const text = pdfStrings((await api.get(`/api/user/me/documents/steward/contract/${m.mission}/download`, { token: employee.token })).bytes).join('\n');
    expect(text).toContain('Référence\u00a0:');
    expect(text).toContain('Consignes\u00a0: Arrivée à 08:30\u00a0; tenue «\u00a0noire\u00a0»\u00a0! Questions\u00a0? Voir https://example.test');
    expect(text).toContain('l’utilisateur');
    expect(text).not.toMatch(/\S:(\s|$)/);
  });

  it('payslip and fiscal names with any prefix are listed and served: only the second part is read (spec §3)', async () => {
    const w = await approvedWorker(api);
    for (const prefix of ['loonbrief', 'FP_2', 'payslip'])
      expect((await api.bo('POST', `/workers/${enc(w.email)}/documents`, { kind: 'payslip', year: 2025, month: 4, prefix })).status).toBe(201);
    const fiscal = (await api.bo('POST', `/workers/${enc(w.email)}/documents`, { kind: 'fiscal-year', year: 2024, prefix: 'attest281' })).json.name as string;
    const names = (await api.get('/api/user/me/documents/payslip-overview', { token: w.token })).json as string[];
    expect(names.map((n) => n.split('-')[0]).sort()).toEqual(['FP_2', 'loonbrief', 'payslip']);
    expect(fiscal).toMatch(/^attest281-2024-/);
    for (const name of [...names, fiscal])
      expect((await api.get(`/api/user/me/documents/legal-document-download?file=${name}`, { token: w.token })).status, name).toBe(200);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/documents`, { kind: 'payslip', year: 2025, month: 4, prefix: 'bad-prefix' })).status).toBe(422);
  });
});
