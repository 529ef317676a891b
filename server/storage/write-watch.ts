/**
 * A Db that calls `onWrite` around every statement that may change a row of the watched tables, so that a
 * process which remembers those rows (server/services/session-cache.ts) forgets them before and after the change.
 * It reads the SQL text rather than trusting each handler to say what it changed: a write added later by anyone
 * is caught without them knowing the cache exists. Deliberately coarse: any statement naming a watched table that
 * is not a plain read or a plain insert counts, and so does every script (`exec`) and every transaction's end.
 */
import type { Db, Queryable } from './db.ts';

/** SELECT (even FOR UPDATE) reads; INSERT without ON CONFLICT only adds rows, which nothing remembered yet. */
const READ_OR_PLAIN_INSERT = /^\s*(SELECT\b|INSERT\b(?![\s\S]*\bON\s+CONFLICT\b))/i;

export function mayChange(sql: string, tables: RegExp): boolean {
  return tables.test(sql) && !READ_OR_PLAIN_INSERT.test(sql);
}

export function watchWrites(db: Db, tableNames: readonly string[], onWrite: () => void): Db {
  const tables = new RegExp(`\\b(${tableNames.join('|')})\\b`, 'i');
  const watch = (target: Queryable): Queryable => ({
    async query(sql, params, options) {
      if (!mayChange(sql, tables)) return target.query(sql, params, options);
      onWrite();
      try {
        return await target.query(sql, params, options);
      } finally {
        onWrite();
      }
    },
    async exec(sql) {
      onWrite();
      try {
        await target.exec(sql);
      } finally {
        onWrite();
      }
    },
  });
  return {
    ...watch(db),
    singleProcess: db.singleProcess,
    async transaction(fn) {
      try {
        return await db.transaction((tx) => fn(watch(tx)));
      } finally {
        onWrite(); // a commit (or a rollback) is when readers outside the transaction see its writes
      }
    },
    close: () => db.close(),
  };
}
