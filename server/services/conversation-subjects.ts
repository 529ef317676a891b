/**
 * What a conversation may be about, found among the worker's own things only (docs/decisions/270-conversations.md):
 * another worker's mission, offer, day, report or document is not found, exactly as an unknown one. What the worker
 * saw of it (its date, reference and amount) is kept with the conversation as it was when asked.
 */
import type { ConversationSubject, ConversationSubjectKind } from '#domain/api-schema.ts';
import type { Queryable } from '../storage/db.ts';
import { hoursRow, dayView } from './hours.ts';
import { ownMission } from './missions.ts';
import { ownReport } from './absences.ts';

const base = (kind: ConversationSubjectKind, id: string): ConversationSubject => ({
  kind,
  id,
  reference: '',
  date: null,
  period: null,
  job: null,
  amountCents: null,
  amountKind: null,
});

async function missionSubject(db: Queryable, workerId: string, id: string): Promise<ConversationSubject | null> {
  const mission = await ownMission(db, workerId, id);
  if (!mission) return null;
  const [wage] = await db.query<{ cents: number | null }>('SELECT hourly_wage_cents AS cents FROM missions WHERE id = $1', [id]);
  const cents = wage?.cents ?? null;
  return {
    ...base('mission', id),
    reference: mission.reference,
    date: mission.date,
    job: mission.job,
    amountCents: cents,
    amountKind: cents === null ? null : 'hourlyWage',
  };
}

async function offerSubject(db: Queryable, workerId: string, id: string): Promise<ConversationSubject | null> {
  const [row] = await db.query<{ reference: string; job: string; cents: number; date: string | null }>(
    `SELECT o.reference, o.job, o.hourly_wage_cents AS cents,
       (SELECT to_char(s.day, 'YYYY-MM-DD') FROM offer_shifts s WHERE s.offer_id = o.id ORDER BY s.position LIMIT 1) AS date
     FROM offers o JOIN offer_recipients r ON r.offer_id = o.id AND r.worker_id = $1 WHERE o.id = $2`,
    [workerId, id],
  );
  if (!row) return null;
  return { ...base('offer', id), reference: row.reference, date: row.date, job: row.job, amountCents: row.cents, amountKind: 'hourlyWage' };
}

async function hoursSubject(db: Queryable, workerId: string, id: string, now: Date): Promise<ConversationSubject | null> {
  const row = await hoursRow(db, workerId, id);
  if (!row) return null;
  const day = dayView(row, now);
  return {
    ...base('hoursDay', id),
    reference: day.reference,
    date: day.date,
    job: day.job,
    amountCents: day.grossCents,
    amountKind: day.grossCents === null ? null : 'grossEstimate',
  };
}

async function absenceSubject(db: Queryable, workerId: string, id: string): Promise<ConversationSubject | null> {
  const report = await ownReport(db, workerId, id);
  return report && { ...base('absence', id), reference: report.reference, date: report.date, job: report.job };
}

async function documentSubject(db: Queryable, workerId: string, id: string): Promise<ConversationSubject | null> {
  const [row] = await db.query<{ kind: 'payslip' | 'fiscal-year'; year: number; month: number | null; amount: number | null }>(
    'SELECT kind, year, month, amount::float8 AS amount FROM documents WHERE worker_id = $1 AND name = $2',
    [workerId, id],
  );
  if (!row) return null;
  const payslip = row.kind === 'payslip';
  return {
    ...base('document', id),
    reference: id,
    period: payslip && row.month ? `${row.year}-${String(row.month).padStart(2, '0')}` : String(row.year),
    amountCents: row.amount === null ? null : Math.round(row.amount * 100),
    amountKind: row.amount === null ? null : payslip ? 'netPay' : 'taxable',
  };
}

/** The worker's thing as the conversation will show it, or null when it is not theirs (or not there). */
export function ownSubject(db: Queryable, workerId: string, kind: ConversationSubjectKind, id: string, now: Date): Promise<ConversationSubject | null> {
  switch (kind) {
    case 'mission':
      return missionSubject(db, workerId, id);
    case 'offer':
      return offerSubject(db, workerId, id);
    case 'hoursDay':
      return hoursSubject(db, workerId, id, now);
    case 'absence':
      return absenceSubject(db, workerId, id);
    case 'document':
      return documentSubject(db, workerId, id);
  }
}
