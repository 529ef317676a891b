// The reference server end to end (§19), with HTTP calls only: from registration to the signed contract's download,
// the agency's part played through the back-office operations.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';
import { PASSWORD, SIGNATURE, fileForm, isoDay, JPEG, PNG, stepForm, uniqueEmail } from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

describe('a worker from registration to a signed contract', () => {
  it('walks every step with HTTP calls only', async () => {
    const email = uniqueEmail('journey');
    const enc = encodeURIComponent(email);
    expect(
      (await api.post('/api/auth/register', { json: { firstName: 'Marie', lastName: 'Lefèvre', email, password: PASSWORD, language: 'fr' } })).status,
    ).toBe(204);

    // The validation link, read from the outbox, followed as a browser would (the portal's /redirect path first).
    const [mail] = (await api.bo('GET', `/outbox?to=${enc}`)).json;
    expect(mail.subject).toBe('Validez votre adresse e-mail');
    const link = new URL(mail.links[0]);
    expect(link.pathname).toBe('/redirect/validate-email');
    const hop = await api.get(link.pathname + link.search);
    expect(hop.status).toBe(302);
    const validated = await api.get(hop.headers.get('location')!);
    expect(validated.status).toBe(302);
    expect(validated.headers.get('location')).toBe('/home?emailHasBeenValidated&lang=fr');

    const signIn = await api.post('/api/auth/login', { json: { username: email, password: PASSWORD, remember: false } });
    expect(signIn.json).toMatchObject({
      username: 'Marie Lefèvre',
      hasEmailBeenValidated: true,
      newAccount: true,
      details: 0,
      shouldRedirectToDetailsPage: true,
    });
    const token = signIn.json.token as string;

    const policies = await api.post('/api/user/me/update-policies', { token, json: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } });
    expect(policies.json).toMatchObject({ agreedWithGdprPolicy: true, agreedToLabourRegulations: true, employeeDetailsStatus: 'empty' });

    for (const step of [1, 2, 3]) expect((await api.post(`/api/user/me/update-details/${step}`, { token, form: stepForm(step, email) })).status).toBe(204);
    expect((await api.post('/api/user/me/upload-file/id-front', { token, form: fileForm(JPEG, 'front.jpg', 'image/jpeg') })).status).toBe(204);
    expect((await api.post('/api/user/me/upload-file/id-back', { token, form: fileForm(PNG) })).status).toBe(204);
    expect((await api.post('/api/user/me/upload-file/picture1', { token, form: fileForm(PNG) })).status).toBe(204);
    expect((await api.post('/api/user/me/update-details/4', { token, form: new FormData() })).status).toBe(204);
    expect((await api.post('/api/user/me/update-details/5', { token, form: new FormData() })).status).toBe(204);
    expect((await api.get('/api/user/me/info', { token })).json.employeeDetailsStatus).toBe('pending review');

    const approved = await api.bo('POST', `/workers/${enc}/approve-details`);
    expect(approved.json).toMatchObject({ employeeDetailsStatus: 'validated', newAccount: false, statute: 1 });

    const drawn = await api.post('/api/user/me/update-signature', { token, json: { value: SIGNATURE } });
    expect(drawn.json).toEqual({ value: SIGNATURE, status: 1 });
    expect((await api.bo('POST', `/workers/${enc}/signature-status`, { status: 'validated' })).json.status).toBe(2);

    const created = await api.bo('POST', `/workers/${enc}/missions`, {
      date: isoDay(-2, api.clock.now),
      start: '08:00',
      end: '16:00',
      reference: 'EXPO-24',
      job: 'hostess',
    });
    expect(created.status).toBe(201);
    const toSign = await api.get('/api/user/me/documents/documents-to-sign', { token });
    expect(toSign.json.map((i: { mission: string }) => i.mission)).toEqual([created.json.mission]);

    const marked = await api.post('/api/user/me/documents/mark-for-signing', {
      token,
      json: [{ mission: created.json.mission, comment: 'Pause de 30 minutes' }],
      headers: { 'User-Agent': 'journey-test' },
    });
    expect(marked.json).toMatchObject([{ mission: created.json.mission, signingRequested: true, comment: 'Pause de 30 minutes' }]);
    expect((await api.get('/api/user/me/documents/documents-to-sign', { token })).json).toEqual([]);

    const contract = await api.get(`/api/user/me/documents/${created.json.job}/contract/${created.json.mission}/download`, { token });
    expect(contract.status).toBe(200);
    expect(new TextDecoder().decode(contract.bytes.slice(0, 4))).toBe('%PDF');
    expect(contract.headers.get('content-disposition')).toContain(`filename="contrat-EXPO-24-${created.json.date}.pdf"`);
    const [evidence] = await api.deps.db.query<{ contract_sha256: string; user_agent: string; client_address: string; comment: string }>(
      'SELECT contract_sha256, user_agent, client_address, comment FROM signing_requests WHERE mission_id = $1',
      [created.json.mission],
    );
    expect(evidence).toMatchObject({ user_agent: 'journey-test', client_address: '192.0.2.1', comment: 'Pause de 30 minutes' });
    expect(createHash('sha256').update(contract.bytes).digest('hex')).toBe(evidence!.contract_sha256);
  });
});
