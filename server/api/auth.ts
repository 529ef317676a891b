/**
 * Sign-in, registration, passwords, e-mail validation and impersonation (tag auth of openapi.yaml).
 */
import * as v from 'valibot';
import type { CurrentUser } from '#domain/api-schema.ts';
import { loginForm, registerForm, resetStartForm, resetWithTokenForm } from '#domain/auth-forms.ts';
import { RESET_TOKEN_TTL_MS } from '#domain/constants.ts';
import { LIMITS, clearAttempts, keys, loginChecks, release, reserve } from '../services/attempts.ts';
import { hashPassword, randomId, verifyPassword } from '../services/crypto.ts';
import { EMAIL_VALIDATION_TTL_MS, consumeOneTime, createSession, issueOneTime, oneTimeIsLive, revokeAllSessions, revokeSession } from '../services/tokens.ts';
import type { Mail } from '../services/mail.ts';
import { removeSessionDevices } from '../services/push-subscriptions.ts';
import { insertWorker, markEmailValidated, setPasswordHash } from '../services/worker-writes.ts';
import { currentUser, normalizeEmail, workerByEmail, workerById, type Worker } from '../services/workers.ts';
import { ApiFailure } from './errors.ts';
import { issuesFromValibot } from './issues.ts';
import { me, myToken } from './guards.ts';
import type { AnyRequest, Operations } from './operation.ts';

const dummyHashes = new Map<number, Promise<string>>();
/** Unknown accounts still cost one scrypt, so that timing does not tell which addresses have an account. */
const dummyHash = (log2N: number) => {
  if (!dummyHashes.has(log2N)) dummyHashes.set(log2N, hashPassword('not-a-password', log2N));
  return dummyHashes.get(log2N)!;
};

const flat =
  (rename: Record<string, string> = {}) =>
  (path: string[]) => {
    const first = path[0] ?? '';
    return rename[first] ?? first;
  };

/** The validation mail with a new single-use link. */
async function validationMail(req: AnyRequest, worker: Pick<Worker, 'id' | 'email' | 'locale' | 'first_name'>): Promise<Mail> {
  const { token } = await issueOneTime(req.deps.db, worker.id, 'validate-email', EMAIL_VALIDATION_TTL_MS, req.now);
  // The language travels with the link: opened in a browser that never saw the portal, the page speaks the worker's.
  const link = `${req.deps.config.publicUrl}/redirect/validate-email?token=${token}&lang=${worker.locale}`;
  return { to: worker.email, locale: worker.locale, kind: 'validateEmail', params: { name: worker.first_name, link } };
}

/** The password-reset mail with a new single-use link. */
async function resetMail(req: AnyRequest, worker: Worker): Promise<Mail> {
  const { token } = await issueOneTime(req.deps.db, worker.id, 'reset-password', RESET_TOKEN_TTL_MS, req.now);
  const link = `${req.deps.config.publicUrl}/reset-password?token=${token}&lang=${worker.locale}`;
  return { to: worker.email, locale: worker.locale, kind: 'resetPassword', params: { name: worker.first_name, link } };
}

/**
 * For a call that names an address and must not tell whether it has an account: the answer comes before the
 * account is even looked up, the same for every address, and the mail (when there is one to send) is composed
 * after it (docs/decisions/156-answer-before-the-mail.md).
 */
function mailLaterIfAccount(req: AnyRequest, email: string, compose: (worker: Worker) => Promise<Mail | null>) {
  req.deps.mailer.queue(async () => {
    const worker = await workerByEmail(req.deps.db, email);
    return worker ? compose(worker) : null;
  });
}

/** Counts a mail request for `email` (whether or not it has an account) and refuses past the limit. */
async function mailLimit(req: AnyRequest, email: string) {
  await reserve(req.deps.db, [{ key: keys.mail(email), max: LIMITS.mailPerRecipient }], req.now);
}

async function addressLimit(req: AnyRequest) {
  await reserve(req.deps.db, [{ key: keys.requests(req.clientAddress), max: LIMITS.requestsPerAddress }], req.now);
}

const login: Operations['login'] = {
  rules: ({ body }) => {
    const result = v.safeParse(loginForm, { email: body.username, password: body.password, remember: body.remember ?? true });
    return issuesFromValibot(result.issues, flat({ email: 'username' }));
  },
  async handle(req) {
    const { db, config } = req.deps;
    const body = req.body;
    const email = normalizeEmail(body.username);
    // The attempt is counted before the password is checked, whether or not the account exists: a check happens
    // only for a reserved attempt, and a known and an unknown address go through the very same steps.
    const attempt = await reserve(db, loginChecks(email, req.clientAddress), req.now);
    const worker = await workerByEmail(db, email);
    const ok = worker
      ? await verifyPassword(body.password, worker.password_hash)
      : await verifyPassword(body.password, await dummyHash(config.scryptLog2N)).then(() => false);
    if (!worker || !ok) throw new ApiFailure(401, 'unauthorized'); // the reservation stays: a failure
    // A success is no failure, and this address knows the password: its earlier failures at this account go too.
    await release(db, attempt);
    await clearAttempts(db, keys.loginPair(email, req.clientAddress));
    const session = await createSession(db, worker.id, body.remember ?? true, req.now);
    return req.c.json<CurrentUser>(currentUser(worker, session));
  },
};

const register: Operations['register'] = {
  rules: ({ body }) => issuesFromValibot(v.safeParse(registerForm, { ...body, repeatPassword: body.password }).issues, flat()),
  async handle(req) {
    const { db, config } = req.deps;
    const body = req.body;
    await addressLimit(req);
    const email = normalizeEmail(body.email);
    if (await workerByEmail(db, email)) throw new ApiFailure(409, 'email_already_exists');
    const id = randomId();
    const [firstName, lastName] = [body.firstName.trim(), body.lastName.trim()];
    const passwordHash = await hashPassword(body.password, config.scryptLog2N);
    // Two registrations at once: the unique index decides.
    const created = await insertWorker(db, { id, email, passwordHash, firstName, lastName, locale: body.language, createdAt: req.now });
    if (!created) throw new ApiFailure(409, 'email_already_exists');
    await req.deps.mailer.send(await validationMail(req, { id, email, locale: body.language, first_name: firstName }));
    return req.c.body(null, 204);
  },
};

const startPasswordReset: Operations['startPasswordReset'] = {
  rules: ({ body }) => issuesFromValibot(v.safeParse(resetStartForm, body).issues, flat()),
  async handle(req) {
    const email = req.body.email;
    await addressLimit(req);
    await mailLimit(req, email);
    mailLaterIfAccount(req, email, (worker) => resetMail(req, worker));
    return req.c.body(null, 204);
  },
};

const updatePassword: Operations['updatePassword'] = {
  rules: ({ body }) => issuesFromValibot(v.safeParse(resetWithTokenForm, { password: body.password, confirmPassword: body.password }).issues, flat()),
  async handle(req) {
    const { db, config } = req.deps;
    const body = req.body;
    const hash = await hashPassword(body.password, config.scryptLog2N);
    await db.transaction(async (tx) => {
      const workerId = await consumeOneTime(tx, body.token, 'reset-password', req.now);
      if (!workerId) throw new ApiFailure(404, 'token_invalid');
      const email = (await setPasswordHash(tx, workerId, hash))!;
      await revokeAllSessions(tx, workerId, req.now);
      // Whoever opened the mailed link owns the mailbox: the failed sign-ins counted at this account, from any
      // address, no longer stand between them and their new password (decision 141).
      await clearAttempts(tx, keys.loginPairsOf(email));
      await clearAttempts(tx, keys.loginAccount(email));
    });
    return req.c.body(null, 204);
  },
};

export const authOperations = {
  login,
  register,
  startPasswordReset,
  updatePassword,
  logout: {
    async handle(req) {
      await revokeSession(req.deps.db, myToken(req), req.now);
      // This device's pushes end with the session (docs/decisions/251-push-devices.md).
      await removeSessionDevices(req.deps.db, myToken(req));
      return req.c.body(null, 204);
    },
  },
  validateToken: {
    async handle(req) {
      const live = await oneTimeIsLive(req.deps.db, req.body.token, 'reset-password', req.now);
      return req.c.json(live);
    },
  },
  impersonate: {
    async handle(req) {
      const { db } = req.deps;
      const workerId = await consumeOneTime(db, req.query.token, 'impersonate', req.now);
      const worker = workerId ? await workerById(db, workerId) : null;
      if (!worker) throw new ApiFailure(401, 'unauthorized');
      const session = await createSession(db, worker.id, false, req.now, true);
      return req.c.json<CurrentUser>(currentUser(worker, session));
    },
  },
  revalidateEmail: {
    async handle(req) {
      const address = req.worker?.email ?? req.body.email;
      if (!address) return req.c.body(null, 204);
      await mailLimit(req, address);
      if (req.worker) {
        // Signed in: the worker knows their own account; the mail is in the outbox before the answer.
        if (!req.worker.email_validated) await req.deps.mailer.send(await validationMail(req, req.worker));
      } else mailLaterIfAccount(req, address, async (worker) => (worker.email_validated ? null : validationMail(req, worker)));
      return req.c.body(null, 204);
    },
  },
  validateEmail: {
    async handle(req) {
      const { db } = req.deps;
      const workerId = await consumeOneTime(db, req.query.token, 'validate-email', req.now);
      if (workerId) await markEmailValidated(db, workerId);
      const lang = req.query.lang ? `&lang=${req.query.lang}` : '';
      return req.c.redirect(`${workerId ? '/home?emailHasBeenValidated' : '/home?emailValidationRequired'}${lang}`, 302);
    },
  },
  requestPasswordResetMail: {
    async handle(req) {
      await mailLimit(req, me(req).email);
      await req.deps.mailer.send(await resetMail(req, me(req)));
      return req.c.body(null, 204);
    },
  },
} satisfies Partial<Operations>;
