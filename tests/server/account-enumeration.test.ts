// §10 / ASVS 6.3.8: login, registration and reset answers do not tell whether an account exists.
// Registration may say "already exists" (spec §8), and only that.
//
// The proof is structural, not a stopwatch: for a known and an unknown address the server does the same work
// before it answers (the same SQL statements, the same password check at the same cost, the same mail queued),
// so its answer time cannot tell them apart by what it did. The wall-clock comparison, which flaked here on a
// loaded machine, is a row of `npm run bench` (scripts/bench/account-timing.ts). Decision 156.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as crypto from '../../server/services/crypto.ts';
import { hashPassword, verifyPassword } from '../../server/services/crypto.ts';
import type { Mail } from '../../server/services/mail.ts';
import { startServer, type Answer, type TestServer } from './helpers/harness.ts';
import { PASSWORD, register, uniqueEmail } from './helpers/workers.ts';

// The real functions, watched: how many password hashes and checks a call does, and at which cost.
vi.mock('../../server/services/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof crypto>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

let address = 0;
// A fresh client address per call keeps the per-address limits out of the way.
const nextAddress = () => `198.51.100.${(address++ % 250) + 1}`;

type Compose = () => Promise<Mail | null>;
type Work = { answer: Answer; sql: string[]; hashes: number; checks: string[]; queued: Compose[] };

/**
 * What the server does while it answers `call`: the SQL statements it sends (their text; parameters such as the
 * address differ by design), the passwords it hashes, the stored hashes it checks a password against (scheme and
 * cost), and the mails it queues (held, not run: `release` runs them).
 */
async function workOf(call: () => Promise<Answer>): Promise<Work> {
  await api.deps.mailer.queued(); // nothing queued by an earlier call runs meanwhile
  const { db, mailer } = api.deps;
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  const sql: string[] = [];
  const queued: Compose[] = [];
  const spies: Array<{ mockRestore: () => void }> = [
    vi.spyOn(db, 'query').mockImplementation((text, params) => (sql.push(text.replace(/\s+/g, ' ').trim()), query(text, params))),
    vi.spyOn(db, 'transaction').mockImplementation((fn) => (sql.push('(transaction)'), transaction(fn))),
    vi.spyOn(mailer, 'queue').mockImplementation((compose) => void queued.push(compose)),
    // The attempts table's occasional clean-up (1 call in 50) stays out of the comparison.
    vi.spyOn(Math, 'random').mockReturnValue(0.5),
  ];
  vi.mocked(hashPassword).mockClear();
  vi.mocked(verifyPassword).mockClear();
  try {
    const answer = await call();
    const checks = vi.mocked(verifyPassword).mock.calls.map(([, stored]) => stored.split('$').slice(0, 4).join('$'));
    return { answer, sql, hashes: vi.mocked(hashPassword).mock.calls.length, checks, queued };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** Runs the held compositions as the mailer would, and waits until their mails are in the outbox. */
async function release(composes: Compose[]) {
  for (const compose of composes) api.deps.mailer.queue(compose);
  await api.deps.mailer.queued();
}

const outbox = async (email: string) => (await api.bo('GET', `/outbox?to=${encodeURIComponent(email)}`)).json as Array<{ subject: string; links: string[] }>;

describe('login', () => {
  it('an unknown e-mail costs what a wrong password costs: same SQL, one password check at the same scrypt cost, same 401', async () => {
    const email = await register(api);
    const nobody = uniqueEmail();
    const login = (username: string, password = 'not the password') => api.post('/api/auth/login', { json: { username, password }, address: nextAddress() });
    await login(uniqueEmail()); // the dummy hash of unknown accounts is made once, on first use

    const wrong = await workOf(() => login(email));
    const unknown = await workOf(() => login(nobody));
    expect([wrong.answer.status, unknown.answer.status]).toEqual([401, 401]);
    expect(unknown.answer.text).toBe(wrong.answer.text);
    expect(unknown.sql).toEqual(wrong.sql);
    expect(wrong.checks).toEqual([`scrypt$${api.config.scryptLog2N}$8$1`]);
    expect(unknown.checks).toEqual(wrong.checks);
    expect([wrong.hashes, unknown.hashes]).toEqual([0, 0]);

    // The comparison sees a difference when there is one: a right password opens a session.
    const right = await workOf(() => login(email, PASSWORD));
    expect(right.answer.status).toBe(200);
    expect(right.sql).not.toEqual(wrong.sql);
  });
});

describe.each([
  ['password reset', '/api/auth/reset-password', /\/reset-password\?token=/],
  ['a new validation link, asked signed out', '/api/auth/revalidate-email', /\/redirect\/validate-email\?token=/],
] as const)('%s', (_, path, link) => {
  it('is answered before the address is looked up: the same SQL (none on workers, tokens or the outbox) and one mail queued, known or not; only the known address then gets a mail', async () => {
    const email = await register(api);
    const nobody = uniqueEmail();
    const ask = (to: string) => api.post(path, { json: { email: to }, address: nextAddress() });
    const before = (await outbox(email)).length;

    const known = await workOf(() => ask(email));
    const unknown = await workOf(() => ask(nobody));
    expect([known.answer.status, known.answer.text, unknown.answer.status, unknown.answer.text]).toEqual([204, '', 204, '']);
    expect(unknown.sql).toEqual(known.sql);
    expect(known.sql.filter((statement) => /\bworkers\b|one_time_tokens|outbox/.test(statement))).toEqual([]);
    expect([known.queued.length, unknown.queued.length]).toEqual([1, 1]);
    expect(await outbox(email)).toHaveLength(before);

    await release([...known.queued, ...unknown.queued]);
    const mails = await outbox(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.links.some((l) => link.test(l))).toBe(true);
    expect(await outbox(nobody)).toEqual([]);
  });

  it('its mail is in the outbox for whoever reads it right after the answer', async () => {
    const email = await register(api);
    const before = (await outbox(email)).length;
    expect((await api.post(path, { json: { email }, address: nextAddress() })).status).toBe(204);
    const mails = await outbox(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.links.some((l) => link.test(l))).toBe(true);
  });
});

describe('registration', () => {
  it('an existing address gets the spec\'s "already exists" answer and nothing else: no field detail, no mail, the account untouched', async () => {
    const email = await register(api);
    const mailsBefore = (await outbox(email)).length;
    const again = await api.post('/api/auth/register', {
      json: { firstName: 'Eve', lastName: 'Other', email: email.toUpperCase(), password: 'another password', language: 'nl' },
      address: nextAddress(),
    });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ code: 'email_already_exists', message: expect.any(String) });
    expect((await outbox(email)).length).toBe(mailsBefore);
    const login = await api.post('/api/auth/login', { json: { username: email, password: PASSWORD }, address: nextAddress() });
    expect(login.status).toBe(200);
    expect(login.json.username).toBe('Anne Dupont');
  });
});
