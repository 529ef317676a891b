/**
 * What a handler is given and what it is, typed per operation from the generated contract (domain/api-schema.ts):
 * `OpRequest<'saveAvailabilities'>` carries that operation's path parameters, query and JSON body as openapi.yaml
 * declares them. The router (router.ts) has checked them against the same contract before the handler runs, so
 * the handler reads them as they are typed. An operation added to openapi.yaml (then `npm run gen:api`) gets its
 * typed inputs from its key in `Operations`; nothing is declared by hand.
 */
import type { Context } from 'hono';
import type { Locale, operations } from '#domain/api-schema.ts';
import type { Config } from '../config.ts';
import type { Mailer } from '../services/mail.ts';
import type { PushService } from '../services/push-service.ts';
import type { SessionReader } from '../services/session-cache.ts';
import type { Worker } from '../services/workers.ts';
import type { Db } from '../storage/db.ts';
import type { UploadStore } from '../storage/uploads.ts';
import type { Contract, OperationId } from './contract.ts';
import type { FieldIssue } from './errors.ts';

export type Deps = {
  db: Db;
  config: Config;
  contract: Contract;
  mailer: Mailer;
  /** The push outbox's loop (server/services/push-service.ts); inside a request, its wake-up waits for the commit. */
  push: PushService;
  /** Who is calling (server/services/session-cache.ts). */
  sessions: SessionReader;
  /** The workers' uploaded images (server/storage/uploads.ts). */
  uploads: UploadStore;
  /** What the readiness probe tells: set by server/main.ts when a stop begins. */
  health: { draining: boolean };
};

type Op<K extends OperationId> = operations[K];
/** A part the operation does not have is an object with no keys, so that reading one is a type error. */
type Present<T> = [NonNullable<T>] extends [never] ? Record<never, never> : NonNullable<T>;
export type PathParams<K extends OperationId> = Present<Op<K>['parameters']['path']>;
export type QueryParams<K extends OperationId> = Present<Op<K>['parameters']['query']>;
/** The JSON body; undefined for an operation without one, and for multipart ones (the handler reads the form). */
export type JsonBody<K extends OperationId> = [NonNullable<Op<K>['requestBody']>] extends [never]
  ? undefined
  : NonNullable<Op<K>['requestBody']> extends { content: { 'application/json': infer B } }
    ? B
    : undefined;

export type OpRequest<K extends OperationId> = {
  c: Context;
  deps: Deps;
  locale: Locale;
  now: Date;
  /** The signed-in worker (bearer operations), or null. */
  worker: Worker | null;
  token: string | null;
  params: PathParams<K>;
  query: QueryParams<K>;
  body: JsonBody<K>;
  clientAddress: string;
};

/** What a guard or a helper needs of any request (they serve many operations). */
export type AnyRequest = Omit<OpRequest<OperationId>, 'params' | 'query' | 'body'>;

export type OpDef<K extends OperationId> = {
  /** Permission checks on the signed-in worker, before the input is read (403 and 409 come before 400 and 422). */
  guard?: (req: AnyRequest) => void;
  /** Domain rules on a body of the right shape; their issues and the contract's value issues make one 422. */
  rules?: (req: OpRequest<K>) => FieldIssue[] | Promise<FieldIssue[]>;
  handle: (req: OpRequest<K>) => Response | Promise<Response>;
};

/** Every operation's handler, by operationId: each entry's `req` is typed for its key. */
export type Operations = { [K in OperationId]: OpDef<K> };
