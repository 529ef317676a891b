/**
 * A real PostgreSQL server (DATABASE_URL=postgres://…) behind the same storage interface as PGlite: the same
 * SQL, the same migrations (docs/decisions/082-postgresql-adapter.md). node-postgres parses a few types
 * differently from PGlite; the parsers below make both answer the same JavaScript values, so handlers never
 * know which database they talk to.
 */
import pg from 'pg';
import { availability, isConnectionError, reasonOf, type AvailabilityEvents } from './availability.ts';
import { DatabaseUnavailable, type Db, type Queryable, type QueryOptions, type Row } from './db.ts';

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
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => TYPE_PARSERS[oid] ?? types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
};

const wrap = (target: pg.PoolClient): Queryable => ({
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
  /** How long a statement waits for a database that went away before it fails with DatabaseUnavailable (ms). */
  waitMs?: number;
  /** Told when the database goes away and when it is back (the server logs them). */
  events?: AvailabilityEvents;
};

const QUIET: AvailabilityEvents = { unavailable: () => undefined, available: () => undefined };

/**
 * The pool, and what a lost database does to it (docs/decisions/180-database-outages.md): every client has an 'error'
 * listener, idle or checked out, so a terminated connection never becomes an unhandled 'error' event; a client whose
 * connection failed is given back with that error, so the pool discards it; a statement whose connection failed
 * fails with DatabaseUnavailable, never retried (a write may have been sent); acquiring a connection is retried
 * while the database is away, up to `waitMs`, since nothing was sent yet.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  if (options.schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) throw new Error(`unsafe schema name ${options.schema}`);
  const connection = {
    connectionString: url,
    // A startup option, so that every connection of the pool sees the schema before its first query.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const pool = new Pool({ ...connection, max: options.max ?? 10, keepAlive: true });
  const waitMs = options.waitMs ?? 2000;
  const state = availability(async () => {
    const probe = new pg.Client({ ...connection, connectionTimeoutMillis: 2000 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.query('SELECT 1');
    } finally {
      await probe.end().catch(() => undefined);
    }
  }, options.events ?? QUIET);
  const lost = (error: unknown) => {
    if (isConnectionError(error)) state.markDown(reasonOf(error));
  };
  // An idle client whose server went away: the pool drops it; this says the database is away.
  pool.on('error', lost);
  // Checked-out clients have no listener of the pool's: without this one, a terminated connection in the middle of a
  // request is an unhandled 'error' event, and the process exits.
  pool.on('connect', (client) => client.on('error', lost));

  async function acquire(): Promise<pg.PoolClient> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (!(await state.waitUp(deadline - Date.now()))) throw new DatabaseUnavailable('the database did not come back in time');
      try {
        return await pool.connect();
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        lost(error);
        if (Date.now() >= deadline) throw new DatabaseUnavailable(reasonOf(error));
      }
    }
  }

  /** Runs `use` on a pooled client and gives it back, discarding it when its connection failed. */
  async function withClient<T>(use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await acquire();
    let broken: unknown;
    try {
      return await use(client);
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      broken = error;
      lost(error);
      throw new DatabaseUnavailable(reasonOf(error));
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  // Fail at start, not at the first request, when the server is unreachable.
  await withClient((client) => client.query('SELECT 1')).catch(async (error: unknown) => {
    state.close();
    await pool.end();
    throw error;
  });
  return {
    query: (sql, params, queryOptions) => withClient((client) => wrap(client).query(sql, params, queryOptions)),
    exec: (sql) => withClient((client) => wrap(client).exec(sql)),
    singleProcess: false,
    transaction: (fn) =>
      withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn(wrap(client));
          // A COMMIT whose answer is lost with the connection rejects: the caller reports a failure, never a success.
          await client.query('COMMIT');
          return result;
        } catch (error) {
          if (!isConnectionError(error)) await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    async close() {
      state.close();
      await pool.end();
    },
  };
}
