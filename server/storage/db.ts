/**
 * The storage module the handlers see: plain SQL (PostgreSQL dialect) with `$1` parameters, and transactions.
 * PGlite implements it today (storage/pglite.ts); a node-postgres driver can implement the same interface with
 * the same SQL and the same migrations (docs/decisions/010-storage-pglite.md).
 */
export type Row = Record<string, unknown>;

export type QueryOptions = {
  /**
   * A name for a statement run on every request: PostgreSQL then parses and plans it once per pooled connection
   * (a prepared statement). PGlite ignores it. One name, one SQL text.
   */
  name?: string;
};

export interface Queryable {
  /** Runs one statement with `$n` parameters and answers its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs a script of statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /**
   * True when this process is the database's only client (PGlite in a data folder holds a lock; in memory nobody
   * else can reach it), so that what it remembers of the rows cannot be changed behind its back. False for a
   * PostgreSQL server, which other instances of the portal may share (docs/decisions/140-hot-path.md).
   */
  readonly singleProcess: boolean;
  /** Runs `fn` in one transaction: everything or nothing. Transactions do not nest. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The database could not be reached, or the connection was lost before the statement's answer came: nothing of it
 * can be taken as done. The app answers 503 `database_unavailable` with Retry-After; PGlite never throws it.
 */
export class DatabaseUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`database unavailable: ${reason}`);
  }
}

/** The first row, or null. */
export async function one<T extends Row>(db: Queryable, sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<T | null> {
  const rows = await db.query<T>(sql, params, options);
  return rows[0] ?? null;
}
