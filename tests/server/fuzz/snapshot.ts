/**
 * A fingerprint of everything the server stores: a digest of every table's rows (in the current schema, so it
 * works on PGlite and on a PostgreSQL test schema alike) and the list of uploaded files. Two equal fingerprints
 * around a request mean the request changed nothing.
 */
import { readdirSync } from 'node:fs';
import type { Queryable } from '../../../server/storage/db.ts';

export async function storedState(db: Queryable, uploadsDir: string): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`);
  const state: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ digest: string; n: number }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*)::int AS n FROM "${name}" t`,
    );
    state[name] = `${row!.n} rows ${row!.digest}`;
  }
  let files: string[] = [];
  try {
    files = readdirSync(uploadsDir).sort();
  } catch {
    // no upload yet: the folder does not exist
  }
  state.uploads = files.join(',');
  return state;
}
