/**
 * Missions (the planning, the contracts, the signing list) and the worker's published documents.
 */
import type { Queryable } from '../storage/db.ts';

export type Mission = {
  id: string;
  worker_id: string;
  job: string;
  date: string;
  start: string;
  end: string;
  reference: string;
  km: number;
  short_location: string;
  location1: string;
  location2: string;
  briefing: string;
  allow_print: boolean;
  signing_requested: boolean;
  contract_sha256: string;
};

const COLUMNS = `id, worker_id, job, to_char(day, 'YYYY-MM-DD') AS date, start_time AS start, end_time AS "end", reference,
  km::float8 AS km, short_location, location1, location2, briefing, allow_print, signing_requested, contract_sha256`;

/** The worker's missions, earliest first, optionally within [from, to] (YYYY-MM-DD, inclusive). */
export function missionsOf(db: Queryable, workerId: string, range: { from?: string; to?: string } = {}): Promise<Mission[]> {
  return db.query<Mission>(
    `SELECT ${COLUMNS} FROM missions WHERE worker_id = $1 AND ($2::date IS NULL OR day >= $2::date) AND ($3::date IS NULL OR day <= $3::date)
     ORDER BY day, start_time, reference`,
    [workerId, range.from ?? null, range.to ?? null],
  );
}

/** One of the worker's own missions; another worker's mission is simply not found. */
export async function ownMission(db: Queryable, workerId: string, missionId: string): Promise<Mission | null> {
  const rows = await db.query<Mission>(`SELECT ${COLUMNS} FROM missions WHERE worker_id = $1 AND id = $2`, [workerId, missionId]);
  return rows[0] ?? null;
}

export async function contractBytes(db: Queryable, workerId: string, missionId: string): Promise<Uint8Array | null> {
  const rows = await db.query<{ contract_pdf: Uint8Array }>('SELECT contract_pdf FROM missions WHERE worker_id = $1 AND id = $2', [workerId, missionId]);
  return rows[0] ? new Uint8Array(rows[0].contract_pdf) : null;
}

export function documentNames(db: Queryable, workerId: string, kind: 'payslip' | 'fiscal-year'): Promise<Array<{ name: string }>> {
  return db.query<{ name: string }>(
    'SELECT name FROM documents WHERE worker_id = $1 AND kind = $2 ORDER BY year DESC, month DESC NULLS LAST, created_at DESC, name',
    [workerId, kind],
  );
}
