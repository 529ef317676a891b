/**
 * How every mutating operation runs (docs/decisions/210-safe-retries.md): in one database transaction, from the
 * moment the caller is known to the answer, so that its changes and the answer kept for its Idempotency-Key are
 * there together or not at all (a process that dies in between leaves neither: the retry does it, once).
 *
 *  - With a key: the key is locked first (a second send of it waits for the first to end), then a kept answer is
 *    given again before anything else is checked (a repeat of step 5 must not be refused because step 5 is done).
 *  - A success (2xx) is kept with the changes. A refusal (4xx) is not kept: nothing the caller asked for was done,
 *    and a retry asks again against the state of then; what the handler recorded before refusing (a failed
 *    attempt counted) still commits, as it would have outside a transaction. An unexpected failure (5xx) undoes it
 *    all.
 *  - Mails go after the commit (never a mail for changes undone), before the answer: a mail of a signed-in call is
 *    in the outbox when the worker reads the answer (decision 156 for the calls that compose theirs later still).
 */
import { HTTPException } from 'hono/http-exception';
import type { Mail, Mailer } from '../services/mail.ts';
import { insideRequestTransaction, joinTransaction } from '../storage/request-transaction.ts';
import { uploadStore } from '../storage/uploads.ts';
import { ApiFailure } from './errors.ts';
import { answerResponse, keepAnswer, keptAnswer, keyOf, lockKey, readAnswer, requestKey } from './idempotency.ts';
import type { OperationId, Security } from './contract.ts';
import type { AnyRequest, Deps } from './operation.ts';

/**
 * Mutating operations that run as they are, each with its reason. Every other POST runs in one transaction and
 * honours an Idempotency-Key.
 */
export const OWN_TRANSACTIONS: Partial<Record<OperationId, string>> = {
  login:
    'A repeated sign-in is a second session, which is harmless; its answer is a bearer token, which is not kept ' +
    'anywhere; and its password check (scrypt) would hold the transaction, on PGlite the whole database, meanwhile.',
};

export const runsInOneTransaction = (method: string, operationId: OperationId): boolean => method === 'post' && !(operationId in OWN_TRANSACTIONS);

/** Whose keys: a worker's own, the signed-out callers', or the back-office's. */
const scopeOf = (req: AnyRequest, security: Security): string => (req.worker ? `worker:${req.worker.id}` : security === 'backoffice' ? 'backoffice' : 'public');

/** A failure that answers the caller (4xx) rather than a fault of the server. */
const isRefusal = (error: unknown): error is ApiFailure | HTTPException =>
  (error instanceof ApiFailure || error instanceof HTTPException) && error.status < 500;

type Outcome = { response: Response } | { refusal: ApiFailure | HTTPException };

export async function inOneTransaction(
  req: AnyRequest,
  options: { security: Security; hasBody: boolean },
  run: (req: AnyRequest) => Promise<Response>,
): Promise<Response> {
  const { deps } = req;
  const rawKey = keyOf(req.c);
  const key = rawKey ? await requestKey(req.c, rawKey, options.hasBody) : null;
  const scope = scopeOf(req, options.security);
  const afterCommit: Array<() => Promise<void>> = [];
  const outcome = await deps.db.transaction((tx) =>
    insideRequestTransaction(async (): Promise<Outcome> => {
      const joined = joinTransaction(tx, deps.db);
      try {
        if (key) {
          await lockKey(tx, scope, key);
          const kept = await keptAnswer(tx, scope, key, req.now);
          if (kept) return { response: answerResponse(kept, { replayed: true }) };
        }
        const answer = await readAnswer(await run({ ...req, deps: transactionDeps(deps, joined.db, afterCommit) }));
        if (key && answer.status >= 200 && answer.status < 300) await keepAnswer(tx, scope, key, answer, req.now);
        return { response: answerResponse(answer) };
      } catch (error) {
        if (isRefusal(error)) return { refusal: error };
        throw error;
      } finally {
        joined.end();
      }
    }),
  );
  for (const job of afterCommit)
    await job().catch((error: unknown) => console.error(`after commit: ${error instanceof Error ? error.message : String(error)}`));
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.response;
}

/**
 * The request's dependencies bound to its transaction: its database, its image store, a mailer that sends after the
 * commit, and a push loop woken after it (the pushes it queued are not there for the sender before).
 */
function transactionDeps(deps: Deps, db: Deps['db'], afterCommit: Array<() => Promise<void>>): Deps {
  // The request's mails, in the order it sent them, go to the outbox in one statement after the commit (an offer sent
  // to 500 workers is one insert, not 500 before the answer).
  const mails: Mail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      if (mails.length === 0) afterCommit.push(() => deps.mailer.sendAll(mails.splice(0)));
      mails.push(mail);
    },
    sendAll: async (more) => {
      for (const mail of more) await mailer.send(mail);
    },
    queue: (compose) => {
      afterCommit.push(async () => deps.mailer.queue(compose));
    },
    queued: () => deps.mailer.queued(),
    idle: () => deps.mailer.idle(),
  };
  const push = { ...deps.push, wake: () => void afterCommit.push(async () => deps.push.wake()) };
  return { ...deps, db, uploads: uploadStore(db), mailer, push };
}
