/**
 * Who is calling: the token of an authenticated call to its worker. On PostgreSQL (which several instances of the
 * portal may share) every call asks the database, in one prepared round trip: a logout through one instance is
 * seen by the next call through any other. On PGlite the server is the database's only process (the data lock),
 * so it may remember what it read: every statement that may change a session or a worker goes through this same
 * process, and storage/write-watch.ts makes each of them forget everything remembered, before and after it runs.
 * A logout, a password change, an approval, a new signature: the next call reads the database again.
 * docs/decisions/140-hot-path.md.
 */
import type { Db } from '../storage/db.ts';
import { watchWrites } from '../storage/write-watch.ts';
import { sha256Hex } from './crypto.ts';
import { sessionWorker } from './tokens.ts';
import type { Worker } from './workers.ts';

/** Sessions remembered at most (the least recently used go first): ~2 KB each without a signature, ~20 KB with one. */
const MAX_ENTRIES = 5_000;

export type SessionReader = {
  /** The worker of a live session, or null (unknown, revoked or expired token). */
  worker(token: string, now: Date): Promise<Worker | null>;
};

type Entry = { worker: Worker; expiresAt: number; generation: number };

/**
 * The reader, and the Db every handler must use so that the reader learns of writes (the same Db on PostgreSQL,
 * where nothing is remembered).
 */
export function sessionReader(db: Db): { db: Db; reader: SessionReader } {
  if (!db.singleProcess) {
    return {
      db,
      reader: {
        async worker(token, now) {
          return (await sessionWorker(db, sha256Hex(token), now))?.worker ?? null;
        },
      },
    };
  }
  const remembered = new Map<string, Entry>();
  let generation = 0;
  const watched = watchWrites(db, ['sessions', 'workers'], () => {
    generation++;
    remembered.clear();
  });
  return {
    db: watched,
    reader: {
      async worker(token, now) {
        const hash = sha256Hex(token);
        const hit = remembered.get(hash);
        if (hit && hit.generation === generation && hit.expiresAt > now.getTime()) {
          remembered.delete(hash); // most recently used last
          remembered.set(hash, hit);
          return hit.worker;
        }
        // A write that starts while this read is on its way bumps the generation: what the read brings is then
        // not kept, since it may be from before the write.
        const before = generation;
        const found = await sessionWorker(db, hash, now);
        if (!found) return null;
        if (generation === before) {
          remembered.set(hash, { worker: deepFreeze(found.worker), expiresAt: found.expiresAt.getTime(), generation });
          if (remembered.size > MAX_ENTRIES) remembered.delete(remembered.keys().next().value!);
        }
        return found.worker;
      },
    },
  };
}

/** Handlers share the remembered row: a change made to it by mistake must fail, not leak into the next call. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
