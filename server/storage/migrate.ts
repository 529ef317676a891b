/**
 * Applies the SQL files of server/migrations/ in name order, each once and in its own transaction.
 * Plain PostgreSQL, so a real PostgreSQL server runs the very same files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db, Queryable } from './db.ts';

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '..', 'migrations');

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Several instances may start at once on one PostgreSQL: each step holds the same transaction-scoped lock, and
  // looks again once it has it, so that each migration runs once (the others wait, then find it applied).
  const locked = async (tx: Queryable) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', ['portal:migrations']);
  };
  await db.transaction(async (tx) => {
    await locked(tx);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const applied: string[] = [];
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(dir, name), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await locked(tx);
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])).length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}
