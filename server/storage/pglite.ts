/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in a data folder, or in memory for tests.
 * PGlite is single-process: only the server opens the folder (server/main.ts guards it with a lock file); the
 * back-office CLI talks HTTP to the running server instead.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db.ts';

const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
    const result = await target.query<T>(sql, params as unknown[]);
    return result.rows;
  },
  async exec(sql: string) {
    await target.exec(sql);
  },
});

/**
 * Opens (creating if needed) the database in `dataDir`, or an in-memory one when `dataDir` is null.
 * `template` (a dump of another database, `dumpDataDir`) skips PostgreSQL's initdb: tests open in 1 s, not 4.
 * With a data folder, the template fills a new, empty folder (scripts and tests that prepare one).
 */
export async function openPglite(dataDir: string | null, template?: Blob): Promise<Db> {
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(template ? { loadDataDir: template } : {}) });
  return {
    ...wrap(pg),
    singleProcess: true,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dump: async () => (await pg.dumpDataDir('none')) as Blob,
  } as Db;
}

/** A dump of a fresh, migrated database, to open others from it (see openPglite). */
export async function dumpPglite(db: Db): Promise<Blob> {
  return (db as Db & { dump: () => Promise<Blob> }).dump();
}
