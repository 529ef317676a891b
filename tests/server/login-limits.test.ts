// The sign-in limits of docs/decisions/141-login-limits.md, as promised there: counted and checked in one step
// (parallel guesses get at most the limit's worth of password checks, on PGlite and on PostgreSQL — this file
// runs in both suites), keyed on the account and the address together (someone else's failures do not block the
// owner elsewhere), the same for a known and an unknown e-mail address.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS, limitAddress } from '../../server/services/attempts.ts';
import { startServer, type Answer, type TestServer } from './helpers/harness.ts';
import { PASSWORD, register, uniqueEmail } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 90_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

let net = 0;
/** A block of addresses of its own for each test (TEST-NET-3), so that no test counts against another. */
const addressesOfATest = () => {
  net++;
  return (host: number) => `203.0.${net}.${host}`;
};
const signIn = (username: string, password: string, address: string) => api.post('/api/auth/login', { json: { username, password }, address });
const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort((a, b) => a - b);
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

describe('the limits hold under concurrency', () => {
  it('25 parallel wrong passwords at one account from one address: 5 password checks (401), 20 refused (429)', async () => {
    const at = addressesOfATest();
    const email = await register(api);
    const answers = await Promise.all(Array.from({ length: 25 }, () => signIn(email, 'wrong password', at(1))));
    expect(count(answers, 401)).toBe(LIMITS.loginPerAccountAndAddress);
    expect(count(answers, 429)).toBe(25 - LIMITS.loginPerAccountAndAddress);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.json.code).toBe('too_many_attempts');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    }
    // The owner's own password from that address is refused too until the window passes.
    expect((await signIn(email, PASSWORD, at(1))).status).toBe(429);
  });

  it('an unknown e-mail address goes through the very same steps: the same answers, the same counts', async () => {
    const at = addressesOfATest();
    const known = await register(api);
    const unknown = uniqueEmail();
    const [k, u] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => signIn(known, 'wrong password', at(1)))),
      Promise.all(Array.from({ length: 12 }, () => signIn(unknown, 'wrong password', at(2)))),
    ]);
    expect(statuses(k)).toEqual(statuses(u));
    expect(count(u, 401)).toBe(5);
    const body = (answers: Answer[], status: number) => answers.find((a) => a.status === status)!.text;
    expect(body(k, 401)).toBe(body(u, 401));
    expect(body(k, 429)).toBe(body(u, 429));
  });

  it('40 parallel failures from one address at 40 accounts: 30 password checks, 10 refused; another address is unaffected', async () => {
    const at = addressesOfATest();
    const answers = await Promise.all(Array.from({ length: 40 }, () => signIn(uniqueEmail(), 'wrong password', at(1))));
    expect(count(answers, 401)).toBe(LIMITS.loginPerAddress);
    expect(count(answers, 429)).toBe(40 - LIMITS.loginPerAddress);
    const email = await register(api);
    expect((await signIn(email, PASSWORD, at(1))).status).toBe(429);
    expect((await signIn(email, PASSWORD, at(2))).status).toBe(200);
  });

  it('parallel reset requests for one address: 5 mails at most, the rest refused', async () => {
    const at = addressesOfATest();
    const email = await register(api);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => api.post('/api/auth/reset-password', { json: { email }, address: at(i + 1) })));
    expect(count(answers, 204)).toBe(LIMITS.mailPerRecipient);
    expect(count(answers, 429)).toBe(12 - LIMITS.mailPerRecipient);
    const mails = (await api.bo('GET', `/outbox?to=${encodeURIComponent(email)}`)).json as Array<{ subject: string }>;
    expect(mails.filter((m) => /mot de passe/i.test(m.subject))).toHaveLength(LIMITS.mailPerRecipient);
  });
});

describe('someone else cannot lock the owner out', () => {
  it("the owner's correct password works from another address after someone else's 5 failures", async () => {
    const at = addressesOfATest();
    const email = await register(api);
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'guess', at(66))).status).toBe(401);
    expect((await signIn(email, PASSWORD, at(66))).status).toBe(429); // the guesser's address, even with the password
    expect((await signIn(email, PASSWORD, at(1))).status).toBe(200);
    api.clock.now = new Date(api.clock.now.getTime() + 15 * 60 * 1000 + 1000);
    expect((await signIn(email, PASSWORD, at(66))).status).toBe(200);
  });

  it('an account under attack from many addresses gives each new address one attempt; the owner still signs in', async () => {
    const at = addressesOfATest();
    const email = await register(api);
    const guessers = LIMITS.loginAccountUnderAttack / LIMITS.loginPerAccountAndAddress;
    await Promise.all(Array.from({ length: guessers }, (_, g) => Promise.all(Array.from({ length: 5 }, () => signIn(email, 'guess', at(100 + g))))));
    expect((await signIn(email, 'guess', at(150))).status).toBe(401);
    expect((await signIn(email, 'guess', at(150))).status).toBe(429);
    expect((await signIn(email, PASSWORD, at(151))).status).toBe(200);
  });

  it("a success takes its own attempt back and clears that address's failures at the account", async () => {
    const at = addressesOfATest();
    const email = await register(api);
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'typo', at(1))).status).toBe(401);
    expect((await signIn(email, PASSWORD, at(1))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'typo', at(1))).status).toBe(401);
    expect((await signIn(email, 'typo', at(1))).status).toBe(429);
  });

  it("the mailed reset link clears the account's failures: the new password works at once, from the blocked address", async () => {
    const at = addressesOfATest();
    const email = await register(api);
    for (let i = 0; i < 5; i++) await signIn(email, 'guess', at(1));
    expect((await signIn(email, PASSWORD, at(1))).status).toBe(429);
    expect((await api.post('/api/auth/reset-password', { json: { email }, address: at(1) })).status).toBe(204);
    const [mail] = (await api.bo('GET', `/outbox?to=${encodeURIComponent(email)}`)).json as Array<{ links: string[] }>;
    const token = new URL(mail!.links[0]!).searchParams.get('token');
    expect((await api.post('/api/auth/update-password', { json: { token, password: 'a new password' } })).status).toBe(204);
    expect((await signIn(email, 'a new password', at(1))).status).toBe(200);
  });
});

describe('the address a limit counts', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, expected) => {
    expect(limitAddress(address)).toBe(expected);
  });

  it('an IPv6 client counts by its /64: changing the last 64 bits does not give more attempts', async () => {
    const email = await register(api);
    for (let i = 1; i <= 5; i++) expect((await signIn(email, 'guess', `2001:db8:77:1::${i}`)).status).toBe(401);
    expect((await signIn(email, 'guess', '2001:db8:77:1::99')).status).toBe(429);
    expect((await signIn(email, PASSWORD, '2001:db8:77:2::1')).status).toBe(200);
  });
});
