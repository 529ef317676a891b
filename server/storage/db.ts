/**
 * The storage module the handlers see: plain SQL (PostgreSQL dialect) with `$1` parameters, and transactions.
 * PGlite implements it today (storage/pglite.ts); a node-postgres driver can implement the same interface with
 * the same SQL and the same migrations (docs/decisions/010-storage-pglite.md).
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one statement with `$n` parameters and answers its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction: everything or nothing. Transactions do not nest. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The first row, or null. */
export async function one<T extends Row>(db: Queryable, sql: string, params: readonly unknown[] = []): Promise<T | null> {
  const rows = await db.query<T>(sql, params);
  return rows[0] ?? null;
}
