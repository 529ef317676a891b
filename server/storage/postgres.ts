/**
 * A real PostgreSQL server (DATABASE_URL=postgres://…) behind the same storage interface as PGlite: the same
 * SQL, the same migrations (docs/decisions/082-postgresql-adapter.md). node-postgres parses a few types
 * differently from PGlite; the parsers below make both answer the same JavaScript values, so handlers never
 * know which database they talk to.
 */
import pg from 'pg';
import type { Db, Queryable, QueryOptions, Row } from './db.ts';

const { Pool, types } = pg;

/** PGlite's choices (its dist/…types): int8 as a number when it is safe, date as a Date at UTC midnight. */
const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  20: (value) => {
    const big = BigInt(value);
    return big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER) ? big : Number(big);
  },
  1082: (value) => new Date(value),
};

const typeOverrides = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TYPE_PARSERS[oid] ?? types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
};

const wrap = (target: Pick<pg.Pool | pg.PoolClient, 'query'>): Queryable => ({
  async query<T extends Row>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
    const result = await target.query<T>({ text: sql, values: params as unknown[], types: typeOverrides, ...(options.name ? { name: options.name } : {}) });
    return result.rows;
  },
  async exec(sql: string) {
    // A query without parameters goes through the simple protocol, which accepts several statements.
    await target.query({ text: sql, types: typeOverrides });
  },
});

export type PostgresOptions = {
  /** The search_path of every connection: tests give each file its own schema. */
  schema?: string;
  /** Connections in the pool (node-postgres' default is 10). */
  max?: number;
};

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  if (options.schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) throw new Error(`unsafe schema name ${options.schema}`);
  const pool = new Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A startup option, so that every connection of the pool sees the schema before its first query.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection that the server drops must not crash the process; the next query gets a new one.
  pool.on('error', (error) => console.error('PostgreSQL pool:', error.message));
  await pool.query('SELECT 1'); // fail at start, not at the first request, when the server is unreachable
  return {
    ...wrap(pool),
    singleProcess: false,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
