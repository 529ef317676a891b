// Tag auth: login (limits, expiry), logout, registration, e-mail validation, password reset, impersonation.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_REMEMBER_TTL_MS, SESSION_SHORT_TTL_MS, RESET_TOKEN_TTL_MS } from '#domain/constants.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { PASSWORD, login, register, uniqueEmail } from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

const outbox = async (email: string) =>
  (await api.bo('GET', `/outbox?to=${encodeURIComponent(email)}`)).json as Array<{ subject: string; text: string; links: string[] }>;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('POST /auth/login', () => {
  it('answers the current user with a fresh token', async () => {
    const email = await register(api);
    const res = await api.post('/api/auth/login', { json: { username: email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      username: 'Anne Dupont',
      email,
      locale: 'fr',
      statute: 1,
      details: 0,
      signatureStatus: 0,
      newAccount: true,
      hasEmailBeenValidated: false,
      shouldRedirectToDetailsPage: true,
      blockAccessToDetailsPage: false,
    });
    expect(res.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(res.json.expiresAt).getTime() - api.clock.now.getTime()).toBe(SESSION_REMEMBER_TTL_MS);
  });

  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const email = await register(api);
    const wrong = await api.post('/api/auth/login', { json: { username: email, password: 'not the password' }, address: '198.51.100.7' });
    const unknown = await api.post('/api/auth/login', { json: { username: uniqueEmail(), password: 'not the password' }, address: '198.51.100.7' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.code).toBe('unauthorized');
  });

  it('refuses malformed input with 400 and invalid values with 422', async () => {
    expect((await api.post('/api/auth/login', { body: '{"username":', headers: { 'Content-Type': 'application/json' } })).json.code).toBe('bad_request');
    expect((await api.post('/api/auth/login', { json: { username: 'a@b.be', password: 'x', extra: 1 } })).status).toBe(400);
    expect((await api.post('/api/auth/login', { json: { username: 'a@b.be', password: 5 } })).status).toBe(400);
    expect((await api.post('/api/auth/login', { json: ['a'] })).status).toBe(400);
    expect((await api.post('/api/auth/login', { body: 'username=a', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(400);
    expect((await api.post('/api/auth/login', { json: { username: 'a\u0000@b.be', password: 'x' } })).status).toBe(400);
    const invalid = await api.post('/api/auth/login', { json: { username: 'not-an-email', password: '' } });
    expect(invalid.status).toBe(422);
    expect(invalid.json.fields).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'Veuillez saisir une adresse e-mail valide.' },
        { path: 'password', message: 'Ce champ est obligatoire.' },
      ]),
    );
  });

  it('speaks Dutch when Accept-Language asks for it', async () => {
    const res = await api.post('/api/auth/login', { json: { username: 'x', password: '' }, headers: { 'Accept-Language': 'nl-BE,nl;q=0.9,fr;q=0.5' } });
    expect(res.json.message).toBe('Sommige gegevens zijn niet correct. Gelieve de velden te controleren.');
    expect(res.json.fields).toContainEqual({ path: 'password', message: 'Dit veld is verplicht.' });
  });

  it('answers 429 with Retry-After after five failures at one account from one address, even with the right password', async () => {
    // The other promises of the limits (other addresses, concurrency, attacks): login-limits.test.ts (decision 141).
    const email = await register(api);
    for (let i = 0; i < 5; i++)
      expect((await api.post('/api/auth/login', { json: { username: email, password: 'wrong-wrong' }, address: '203.0.113.9' })).status).toBe(401);
    const locked = await api.post('/api/auth/login', { json: { username: email, password: PASSWORD }, address: '203.0.113.9' });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe('too_many_attempts');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    api.clock.now = new Date(api.clock.now.getTime() + 16 * 60 * 1000);
    expect((await api.post('/api/auth/login', { json: { username: email, password: PASSWORD }, address: '203.0.113.9' })).status).toBe(200);
  });

  it('answers 429 after repeated failures from one address, whatever the accounts', async () => {
    for (let i = 0; i < 30; i++) await api.post('/api/auth/login', { json: { username: uniqueEmail(), password: 'wrong-wrong' }, address: '198.51.100.200' });
    const email = await register(api);
    expect((await api.post('/api/auth/login', { json: { username: email, password: PASSWORD }, address: '198.51.100.200' })).status).toBe(429);
    expect((await api.post('/api/auth/login', { json: { username: email, password: PASSWORD }, address: '198.51.100.201' })).status).toBe(200);
  });

  it('lets a session expire: 12 hours without remember-me, 30 days with it', async () => {
    const email = await register(api);
    const short = await login(api, email, PASSWORD, false);
    const long = await login(api, email, PASSWORD, true);
    api.clock.now = new Date(api.clock.now.getTime() + SESSION_SHORT_TTL_MS + 1000);
    expect((await api.get('/api/user/me/info', { token: short })).status).toBe(401);
    expect((await api.get('/api/user/me/info', { token: long })).status).toBe(200);
    api.clock.now = new Date(api.clock.now.getTime() + SESSION_REMEMBER_TTL_MS);
    expect((await api.get('/api/user/me/info', { token: long })).status).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token; without one it is 401', async () => {
    const token = await login(api, await register(api));
    expect((await api.post('/api/auth/logout', { token, json: {} })).status).toBe(204);
    expect((await api.get('/api/user/me/info', { token })).status).toBe(401);
    expect((await api.post('/api/auth/logout', { token, json: {} })).status).toBe(401);
    expect((await api.post('/api/auth/logout', { json: {} })).json.code).toBe('unauthorized');
    // Without its JSON body it is refused: no cross-site form can forge it (decision 077).
    const live = await login(api, await register(api));
    expect((await api.post('/api/auth/logout', { token: live })).status).toBe(400);
    expect((await api.get('/api/user/me/info', { token: live })).status).toBe(200);
    expect((await api.get('/api/user/me/info', { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
  });
});

describe('POST /auth/register', () => {
  it('creates a new account and mails a validation link in the chosen language', async () => {
    const email = await register(api, { language: 'nl' });
    const [mail] = await outbox(email);
    expect(mail!.subject).toBe('Bevestig uw e-mailadres');
    // The link carries the worker's language: opened in a fresh browser, the page speaks Dutch.
    expect(mail!.links[0]).toMatch(/^http:\/\/portal\.test\/redirect\/validate-email\?token=[A-Za-z0-9_-]{43}&lang=nl$/);
    const token = await login(api, email);
    expect((await api.get('/api/user/me/info', { token })).json).toEqual({
      username: 'Anne Dupont',
      email,
      agreedWithGdprPolicy: false,
      agreedToLabourRegulations: false,
      employeeDetailsStatus: 'empty',
      emailHasBeenValidated: false,
      signatureStatus: 'none',
      newAccount: true,
      statute: 1,
      hasAValidSignatureBeenCreated: false,
      policiesAgreedAt: null,
      supportSession: false,
    });
  });

  it('answers 409 email_already_exists the second time, 422 for a short password, 400 for a missing field', async () => {
    const email = await register(api);
    const again = await api.post('/api/auth/register', {
      json: { firstName: 'B', lastName: 'C', email: email.toUpperCase(), password: PASSWORD, language: 'fr' },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('email_already_exists');
    const short = await api.post('/api/auth/register', { json: { firstName: ' ', lastName: 'C', email: uniqueEmail(), password: 'short', language: 'fr' } });
    expect(short.status).toBe(422);
    expect(short.json.fields).toEqual(
      expect.arrayContaining([
        { path: 'password', message: 'Le mot de passe doit contenir au moins 8 caractères.' },
        { path: 'firstName', message: 'Ce champ est obligatoire.' },
      ]),
    );
    expect((await api.post('/api/auth/register', { json: { firstName: 'B', email: uniqueEmail(), password: PASSWORD, language: 'fr' } })).status).toBe(400);
    expect(
      (await api.post('/api/auth/register', { json: { firstName: 'B', lastName: 'C', email: uniqueEmail(), password: PASSWORD, language: 'en' } })).status,
    ).toBe(422);
  });
});

describe('e-mail validation', () => {
  it('validates once and redirects; a used or unknown token goes to emailValidationRequired', async () => {
    const email = await register(api);
    const token = tokenOf((await outbox(email))[0]!.links[0]!);
    const first = await api.get(`/api/auth/validate-email?token=${token}`);
    expect(first.headers.get('location')).toBe('/home?emailHasBeenValidated');
    expect((await api.get(`/api/auth/validate-email?token=${token}`)).headers.get('location')).toBe('/home?emailValidationRequired');
    expect((await api.get('/api/auth/validate-email?token=AAAAAAAAAAAAAAAAAAAAAAAA')).headers.get('location')).toBe('/home?emailValidationRequired');
    expect((await api.get('/api/auth/validate-email')).status).toBe(400);
    expect((await api.get('/api/auth/validate-email?token=../../x')).status).toBe(400);
  });

  it("the link's language comes back in the redirect, for the page to open in", async () => {
    const email = await register(api, { language: 'nl' });
    const link = new URL((await outbox(email))[0]!.links[0]!);
    const passed = await api.get(`${link.pathname}${link.search}`);
    expect(passed.headers.get('location')).toBe(`/api/auth/validate-email${link.search}`);
    expect((await api.get(passed.headers.get('location')!)).headers.get('location')).toBe('/home?emailHasBeenValidated&lang=nl');
    expect((await api.get(passed.headers.get('location')!)).headers.get('location')).toBe('/home?emailValidationRequired&lang=nl');
    expect((await api.get(`/api/auth/validate-email?token=${'A'.repeat(43)}&lang=de`)).status).toBe(400);
  });

  it('/redirect/validate-email passes the query string to the API', async () => {
    const res = await api.get('/redirect/validate-email?token=abc&x=1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/auth/validate-email?token=abc&x=1');
  });

  it('revalidate-email: signed in, mails the account; by address, 204 whatever; validated accounts get nothing', async () => {
    const email = await register(api);
    const token = await login(api, email);
    expect((await api.post('/api/auth/revalidate-email', { token, json: {} })).status).toBe(204);
    expect(await outbox(email)).toHaveLength(2);
    expect((await api.post('/api/auth/revalidate-email', { json: { email } })).status).toBe(204);
    expect(await outbox(email)).toHaveLength(3);
    const nobody = uniqueEmail();
    expect((await api.post('/api/auth/revalidate-email', { json: { email: nobody } })).status).toBe(204);
    expect(await outbox(nobody)).toHaveLength(0);
    expect((await api.post('/api/auth/revalidate-email', { json: { email: 'not-an-address' } })).status).toBe(422);
    expect((await api.post('/api/auth/revalidate-email', { json: { email, other: 1 } })).status).toBe(400);
    expect((await api.post('/api/auth/revalidate-email', { token: 'A'.repeat(43), json: {} })).status).toBe(401);
    await api.get(`/api/auth/validate-email?token=${tokenOf((await outbox(email))[0]!.links[0]!)}`);
    expect((await api.post('/api/auth/revalidate-email', { token, json: {} })).status).toBe(204);
    expect(await outbox(email)).toHaveLength(3);
  });
});

describe('password reset', () => {
  it('mails a single-use 2-hour link; validate-token says true/false; update-password revokes sessions', async () => {
    const email = await register(api, { language: 'fr' });
    const session = await login(api, email);
    expect((await api.post('/api/auth/reset-password', { json: { email } })).status).toBe(204);
    const [mail] = await outbox(email);
    expect(mail!.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail!.links[0]).toMatch(/^http:\/\/portal\.test\/reset-password\?token=[A-Za-z0-9_-]+&lang=(fr|nl)$/);
    const token = tokenOf(mail!.links[0]!);
    expect((await api.post('/api/auth/validate-token', { json: { token } })).json).toBe(true);
    expect((await api.post('/api/auth/validate-token', { json: { token: 'nope' } })).json).toBe(false);
    expect((await api.post('/api/auth/validate-token', { json: {} })).status).toBe(400);
    expect((await api.post('/api/auth/update-password', { json: { token, password: 'short' } })).status).toBe(422);
    expect((await api.post('/api/auth/update-password', { json: { token, password: 'a brand new one' } })).status).toBe(204);
    expect((await api.get('/api/user/me/info', { token: session })).status).toBe(401);
    expect((await api.post('/api/auth/validate-token', { json: { token } })).json).toBe(false);
    const reused = await api.post('/api/auth/update-password', { json: { token, password: 'another new one' } });
    expect(reused.status).toBe(404);
    expect(reused.json.code).toBe('token_invalid');
    await login(api, email, 'a brand new one');
  });

  it('answers 204 for an unknown address (nothing mailed), and the link expires after 2 hours', async () => {
    const nobody = uniqueEmail();
    expect((await api.post('/api/auth/reset-password', { json: { email: nobody } })).status).toBe(204);
    expect(await outbox(nobody)).toEqual([]);
    expect((await api.post('/api/auth/reset-password', { json: { email: 'nope' } })).status).toBe(422);
    const email = await register(api);
    await api.post('/api/auth/reset-password', { json: { email } });
    const token = tokenOf((await outbox(email))[0]!.links[0]!);
    api.clock.now = new Date(api.clock.now.getTime() + RESET_TOKEN_TTL_MS + 1000);
    expect((await api.post('/api/auth/validate-token', { json: { token } })).json).toBe(false);
  });

  it('limits the mails asked for one address (429)', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await api.post('/api/auth/reset-password', { json: { email } })).status).toBe(204);
    const res = await api.post('/api/auth/reset-password', { json: { email } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('GET /user/me/reset-password mails the signed-in worker and replaces the previous link', async () => {
    const email = await register(api);
    const token = await login(api, email);
    expect((await api.get('/api/user/me/reset-password', { token })).status).toBe(204);
    const first = tokenOf((await outbox(email))[0]!.links[0]!);
    expect((await api.get('/api/user/me/reset-password', { token })).status).toBe(204);
    const second = tokenOf((await outbox(email))[0]!.links[0]!);
    expect((await api.post('/api/auth/validate-token', { json: { token: first } })).json).toBe(false);
    expect((await api.post('/api/auth/validate-token', { json: { token: second } })).json).toBe(true);
    expect((await api.get('/api/user/me/reset-password')).status).toBe(401);
  });
});

describe('GET /auth/impersonate', () => {
  it('signs in once with a back-office token, within 5 minutes', async () => {
    const email = await register(api);
    const issued = await api.bo('POST', `/workers/${encodeURIComponent(email)}/impersonation-token`);
    expect(issued.status).toBe(201);
    const res = await api.get(`/api/auth/impersonate?token=${issued.json.token}`);
    expect(res.status).toBe(200);
    expect(res.json.email).toBe(email);
    // The info says it is a support session (the portal shows a banner); the worker's own login is not one.
    const info = await api.get('/api/user/me/info', { token: res.json.token });
    expect(info.status).toBe(200);
    expect(info.json.supportSession).toBe(true);
    expect((await api.get('/api/user/me/info', { token: await login(api, email) })).json.supportSession).toBe(false);
    expect((await api.get(`/api/auth/impersonate?token=${issued.json.token}`)).status).toBe(401);
    const late = await api.bo('POST', `/workers/${encodeURIComponent(email)}/impersonation-token`);
    api.clock.now = new Date(api.clock.now.getTime() + 5 * 60 * 1000 + 1);
    expect((await api.get(`/api/auth/impersonate?token=${late.json.token}`)).status).toBe(401);
    expect((await api.get('/api/auth/impersonate?token=short')).status).toBe(400);
    expect((await api.get('/api/auth/impersonate')).status).toBe(400);
  });
});
