/**
 * Where a test server keeps its data. By default an in-memory PGlite (the harness loads a migrated dump).
 * With TEST_DATABASE_URL=postgres://… (`npm run test:server:pg`), each server gets its own schema in that
 * PostgreSQL database, so files and tests running at once never see each other's rows. A server restarted on
 * the same data folder (persistence tests) finds the same schema again, as it would find the same PGlite files.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

const schemaOfDataDir = new Map<string, string>();

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A schema for a new test server (or the one of its data folder); null when the tests run on PGlite. */
export async function testSchema(dataDir: string | null): Promise<string | null> {
  if (!TEST_DATABASE_URL) return null;
  const known = dataDir ? schemaOfDataDir.get(dataDir) : undefined;
  if (known) return known;
  const schema = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE SCHEMA ${schema}`));
  if (dataDir) schemaOfDataDir.set(dataDir, schema);
  return schema;
}

/** Drops a throw-away schema when its server closes (schemas of data folders live until the database goes). */
export async function dropTestSchema(schema: string): Promise<void> {
  await admin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
}
