/**
 * Missions (the planning, the contracts, the signing list) and the worker's published documents.
 */
import type { Queryable } from '../storage/db.ts';

/** What a mission's contract states (the PDF is generated from it). */
export type MissionTerms = {
  id: string;
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
};

export type MissionStatus = 'planned' | 'cancelled';

export type Mission = MissionTerms & {
  worker_id: string;
  signing_requested: boolean;
  contract_sha256: string;
  /** A cancelled mission stays in the planning and the calendar feed; it is neither worked nor signed. */
  status: MissionStatus;
  /** Goes up by one with each change of the agency (the VEVENT's SEQUENCE). */
  sequence: number;
  /** The last change, or the creation (LAST-MODIFIED). */
  last_modified: Date;
};

const COLUMNS = `id, worker_id, job, to_char(day, 'YYYY-MM-DD') AS date, start_time AS start, end_time AS "end", reference,
  km::float8 AS km, short_location, location1, location2, briefing, allow_print, signing_requested, contract_sha256,
  status, sequence, COALESCE(updated_at, created_at) AS last_modified`;

/**
 * The worker's missions, earliest first, optionally within [from, to] (YYYY-MM-DD, inclusive). Cancelled missions
 * are left out (they are not worked, listed as contracts or signed) unless `cancelled` asks for them: the planning
 * and the calendars show them, marked.
 */
export function missionsOf(db: Queryable, workerId: string, range: { from?: string; to?: string; cancelled?: boolean } = {}): Promise<Mission[]> {
  return db.query<Mission>(
    `SELECT ${COLUMNS} FROM missions WHERE worker_id = $1 AND ($2::date IS NULL OR day >= $2::date) AND ($3::date IS NULL OR day <= $3::date)
       AND ($4 OR status <> 'cancelled')
     ORDER BY day, start_time, reference`,
    [workerId, range.from ?? null, range.to ?? null, range.cancelled === true],
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
