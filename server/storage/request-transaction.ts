/**
 * The transaction a mutating request runs in (server/api/one-transaction.ts), seen by its handler as an ordinary Db:
 *  - `joinTransaction`: statements go to the open transaction; a handler's own `transaction(fn)` becomes a
 *    savepoint inside it (its failure undoes its own statements only, as a separate transaction did before); once
 *    the request's transaction is over, the same object talks to the database again (a mail composed after the
 *    answer still reads through the request's `deps.db`).
 *  - `guardRequestTransactions`: the database the rest of the server holds refuses a statement made from inside a
 *    request's transaction. On PGlite such a statement would wait for that very transaction to end (one connection:
 *    a deadlock); on PostgreSQL it would escape the transaction (committed even when the request fails). Anything
 *    a handler reaches must come through `req.deps`, which the request's transaction rebinds.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from './db.ts';

type State = { open: boolean };
const current = new AsyncLocalStorage<State>();

/** Runs `fn` as the inside of a request's transaction: statements through a guarded Db refuse until it returns. */
export async function insideRequestTransaction<T>(fn: () => Promise<T>): Promise<T> {
  const state: State = { open: true };
  try {
    return await current.run(state, fn);
  } finally {
    // Work scheduled from inside (a mail composed after the answer) keeps this state object: it runs free later.
    state.open = false;
  }
}

export class StatementOutsideRequestTransaction extends Error {
  constructor() {
    super(
      'A statement reached the database outside the request transaction it runs in: use req.deps (db, uploads, mailer), never a store bound to the database at start.',
    );
    this.name = 'StatementOutsideRequestTransaction';
  }
}

const refuseInside = () => {
  if (current.getStore()?.open) throw new StatementOutsideRequestTransaction();
};

export function guardRequestTransactions(db: Db): Db {
  return {
    singleProcess: db.singleProcess,
    query(sql, params, options) {
      refuseInside();
      return db.query(sql, params, options);
    },
    exec(sql) {
      refuseInside();
      return db.exec(sql);
    },
    transaction(fn) {
      refuseInside();
      return db.transaction(fn);
    },
    close: () => db.close(),
  };
}

/** The request's transaction `tx` as a Db; `end()` once the transaction is over hands `root` back. */
export function joinTransaction(tx: Queryable, root: Db): { db: Db; end: () => void } {
  let open = true;
  let savepoints = 0;
  const db: Db = {
    singleProcess: root.singleProcess,
    query: (sql, params, options) => (open ? tx.query(sql, params, options) : root.query(sql, params, options)),
    exec: (sql) => (open ? tx.exec(sql) : root.exec(sql)),
    async transaction(fn) {
      if (!open) return root.transaction(fn);
      const name = `nested_${++savepoints}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(db);
        await tx.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
    close: () => Promise.reject(new Error('the request transaction cannot close the database')),
  };
  return {
    db,
    end: () => {
      open = false;
    },
  };
}
