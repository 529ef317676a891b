/**
 * The agency changes or cancels a mission (§13): the mission's sequence goes up by one, the change is kept in
 * its history (mission_changes), the contract PDF is generated again for a change, and the worker is told by mail
 * in their language what changed (old → new). A cancelled mission, or one whose contract the worker asked to sign,
 * no longer changes: the signing evidence hashes the contract as it was.
 */
import type { Locale, MissionChangeRequest, MissionField, MissionFieldChange, MissionLastChange } from '#domain/api-schema.ts';
import { t } from '../i18n.ts';
import { contractPdf } from '../pdf/documents.ts';
import { jobName } from '../pdf/job-names.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { printedDate } from './clock.ts';
import { randomId, sha256Hex } from './crypto.ts';
import type { Mailer } from './mail.ts';
import { ownMission, type Mission } from './missions.ts';
import type { Worker } from './workers.ts';

/** The fields a change may touch, in the order the mail lists them, with their columns. */
const FIELDS = [
  ['date', 'day'],
  ['start', 'start_time'],
  ['end', 'end_time'],
  ['shortLocation', 'short_location'],
  ['location1', 'location1'],
  ['location2', 'location2'],
] as const satisfies ReadonlyArray<readonly [Exclude<MissionField, 'status'>, string]>;

const current = (m: Mission, field: Exclude<MissionField, 'status'>): string =>
  ({ date: m.date, start: m.start, end: m.end, shortLocation: m.short_location, location1: m.location1, location2: m.location2 })[field];

export type ChangeOutcome =
  | { kind: 'notFound' }
  | { kind: 'conflict' }
  | { kind: 'done'; mission: Mission; changedAt: Date | null; changes: MissionFieldChange[] };

/** The mission, locked until the transaction ends: two changes at once never read the same sequence. */
async function lockedMission(tx: Queryable, workerId: string, missionId: string): Promise<Mission | null> {
  const locked = await tx.query('SELECT id FROM missions WHERE worker_id = $1 AND id = $2 FOR UPDATE', [workerId, missionId]);
  return locked.length ? ownMission(tx, workerId, missionId) : null;
}

async function record(tx: Queryable, mission: Mission, kind: 'changed' | 'cancelled', changes: MissionFieldChange[], now: Date) {
  await tx.query('INSERT INTO mission_changes (id, mission_id, sequence, kind, changes, changed_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    randomId(16),
    mission.id,
    mission.sequence,
    kind,
    JSON.stringify(changes),
    now,
  ]);
}

export async function changeMission(db: Db, worker: Worker, missionId: string, input: MissionChangeRequest, now: Date): Promise<ChangeOutcome> {
  return db.transaction(async (tx): Promise<ChangeOutcome> => {
    const before = await lockedMission(tx, worker.id, missionId);
    if (!before) return { kind: 'notFound' };
    if (before.status === 'cancelled' || before.signing_requested) return { kind: 'conflict' };
    const changes: MissionFieldChange[] = [];
    for (const [field] of FIELDS) {
      const next = input[field] === undefined ? undefined : input[field].trim();
      if (next !== undefined && next !== current(before, field)) changes.push({ field, from: current(before, field), to: next });
    }
    if (changes.length === 0) return { kind: 'done', mission: before, changedAt: null, changes };
    const value = (field: Exclude<MissionField, 'status'>) => changes.find((c) => c.field === field)?.to ?? current(before, field);
    const after: Mission = {
      ...before,
      date: value('date'),
      start: value('start'),
      end: value('end'),
      short_location: value('shortLocation'),
      location1: value('location1'),
      location2: value('location2'),
      sequence: before.sequence + 1,
      last_modified: now,
    };
    // The contract states the date, hours and place: it is made again from the new terms.
    const pdf = await contractPdf(worker, after, now);
    await tx.query(
      `UPDATE missions SET ${FIELDS.map(([, column], i) => `${column} = $${i + 2}`).join(', ')}, sequence = $8, updated_at = $9, contract_pdf = $10, contract_sha256 = $11
       WHERE id = $1`,
      [before.id, after.date, after.start, after.end, after.short_location, after.location1, after.location2, after.sequence, now, pdf, sha256Hex(pdf)],
    );
    await record(tx, after, 'changed', changes, now);
    return { kind: 'done', mission: after, changedAt: now, changes };
  });
}

export function cancelMission(db: Db, worker: Worker, missionId: string, now: Date): Promise<ChangeOutcome> {
  return db.transaction((tx) => cancelMissionIn(tx, worker, missionId, now));
}

/** The cancellation inside a transaction the caller holds (a withdrawn offer cancels its missions with it). */
export async function cancelMissionIn(tx: Queryable, worker: Pick<Worker, 'id'>, missionId: string, now: Date): Promise<ChangeOutcome> {
  const before = await lockedMission(tx, worker.id, missionId);
  if (!before) return { kind: 'notFound' };
  if (before.status === 'cancelled' || before.signing_requested) return { kind: 'conflict' };
  const after: Mission = { ...before, status: 'cancelled', sequence: before.sequence + 1, last_modified: now };
  const changes: MissionFieldChange[] = [{ field: 'status', from: 'planned', to: 'cancelled' }];
  await tx.query("UPDATE missions SET status = 'cancelled', sequence = $2, updated_at = $3 WHERE id = $1", [before.id, after.sequence, now]);
  await record(tx, after, 'cancelled', changes, now);
  return { kind: 'done', mission: after, changedAt: now, changes };
}

/** The latest change of each of the worker's missions that ever changed, by mission id. */
export async function lastChanges(db: Queryable, workerId: string): Promise<Map<string, MissionLastChange>> {
  const rows = await db.query<{ mission_id: string; kind: 'changed' | 'cancelled'; changes: MissionFieldChange[]; changed_at: Date }>(
    `SELECT DISTINCT ON (c.mission_id) c.mission_id, c.kind, c.changes, c.changed_at
     FROM mission_changes c JOIN missions m ON m.id = c.mission_id
     WHERE m.worker_id = $1 ORDER BY c.mission_id, c.sequence DESC`,
    [workerId],
  );
  return new Map(rows.map((r) => [r.mission_id, { at: new Date(r.changed_at).toISOString(), kind: r.kind, changes: r.changes }]));
}

const FIELD_LABEL: Record<MissionField, string> = {
  date: 'mail_missionFieldDate',
  start: 'mail_missionFieldStart',
  end: 'mail_missionFieldEnd',
  shortLocation: 'mail_missionFieldShortLocation',
  location1: 'mail_missionFieldLocation1',
  location2: 'mail_missionFieldLocation2',
  status: 'mail_missionFieldStatus',
};

/** A field's value as the mail shows it: dates as dd/mm/yyyy, an emptied place as a dash. */
const shown = (field: MissionField, value: string) => (value === '' ? '—' : field === 'date' ? printedDate(value) : value);

/** One line per changed field: "- Date : 12/05/2026 → 13/05/2026". */
export function changeLines(locale: Locale, changes: readonly MissionFieldChange[]): string {
  return changes
    .map((c) => t(locale, 'mail_missionChangeLine', { field: t(locale, FIELD_LABEL[c.field]), from: shown(c.field, c.from), to: shown(c.field, c.to) }))
    .join('\n');
}

/** Tells the worker, in their language, what the agency changed (or that it cancelled the mission). */
export async function mailChange(mailer: Mailer, worker: Worker, outcome: Extract<ChangeOutcome, { kind: 'done' }>, publicUrl: string): Promise<void> {
  const { mission, changes } = outcome;
  if (changes.length === 0) return;
  const cancelled = mission.status === 'cancelled';
  await mailer.send({
    to: worker.email,
    locale: worker.locale,
    kind: cancelled ? 'missionCancelled' : 'missionChanged',
    params: {
      name: `${worker.first_name} ${worker.last_name}`.trim(),
      reference: mission.reference,
      job: jobName(mission.job, worker.locale),
      date: printedDate(mission.date),
      start: mission.start,
      end: mission.end,
      changes: changeLines(worker.locale, changes),
      link: `${publicUrl}/planning?lang=${worker.locale}`,
    },
  });
}
