/**
 * What the worker's offer says of its staffing (openapi.yaml `Offer`, decisions 260-264): the way it is staffed, the
 * position in its waitlist, until when an accepted place can be given back, the reason it was given back, the offer
 * an application was set aside for, and for a student the offer against the year's quota. Read in a few queries
 * for a whole list: nothing is asked when no listed offer needs it.
 */
import type { Offer, OfferQuota, OfferStatus } from '#domain/api-schema.ts';
import { Statute } from '#domain/enums.ts';
import { STUDENT_QUOTAS, type StudentQuotas } from '#domain/hours.ts';
import { OFFER_GIVE_BACK_HOURS, giveBackUntil, offerQuota, offerYearMinutes } from '#domain/offer-staffing.ts';
import type { ShiftTimes } from '#domain/offers.ts';
import type { Queryable } from '../storage/db.ts';
import { studentYear } from './hours-summary.ts';

export type StaffingSettings = { giveBackMs: number; quotas: StudentQuotas };
export const STAFFING_DEFAULTS: StaffingSettings = { giveBackMs: OFFER_GIVE_BACK_HOURS * 3_600_000, quotas: STUDENT_QUOTAS };

/** What is read of a listed offer's row and its answer (server/services/offers.ts; not imported, to keep no circle). */
type Listed = { row: { id: string; staffing: string; answer: string | null; give_back_reason?: string | null; set_aside_by: string | null } };
type Facts = Pick<Offer, 'staffing' | 'waitlistPosition' | 'giveBackUntil' | 'giveBackReason' | 'setAsideFor' | 'quota'>;

/** A student's quota against some shifts, the year's paid minutes read once per year asked. */
export function quotaReader(db: Queryable, workerId: string, quotas: StudentQuotas) {
  const years = new Map<number, Promise<{ paidMinutes: number; quotaHours: number }>>();
  return async (shifts: readonly ShiftTimes[]): Promise<OfferQuota | null> => {
    const weight = offerYearMinutes(shifts);
    if (!weight) return null;
    if (!years.has(weight.year)) years.set(weight.year, studentYear(db, workerId, weight.year, quotas));
    const { paidMinutes, quotaHours } = await years.get(weight.year)!;
    return offerQuota(weight.year, quotaHours, paidMinutes, weight.minutes);
  };
}

export const isStudent = async (db: Queryable, workerId: string): Promise<boolean> =>
  (await db.query<{ statute: number }>('SELECT statute FROM workers WHERE id = $1', [workerId]))[0]?.statute === Statute.Student;

export async function staffingFacts(
  db: Queryable,
  workerId: string,
  listed: readonly Listed[],
  shifts: ReadonlyMap<string, ShiftTimes[]>,
  settings: StaffingSettings,
): Promise<(row: Listed['row'], status: OfferStatus) => Facts> {
  const waiting = listed.filter(({ row }) => row.answer === 'waiting').map(({ row }) => row.id);
  const positions = new Map<string, number>();
  if (waiting.length > 0) {
    const rows = await db.query<{ offer_id: string; position: number }>(
      `SELECT me.offer_id, (SELECT count(*)::int FROM offer_recipients r WHERE r.offer_id = me.offer_id AND r.answer = 'waiting' AND r.queued <= me.queued) AS position
       FROM offer_recipients me WHERE me.worker_id = $1 AND me.offer_id = ANY($2::text[])`,
      [workerId, waiting],
    );
    for (const r of rows) positions.set(r.offer_id, r.position);
  }
  const asideFor = [...new Set(listed.map(({ row }) => row.set_aside_by).filter((id): id is string => id !== null))];
  const references = new Map<string, string>();
  if (asideFor.length > 0)
    for (const r of await db.query<{ id: string; reference: string }>('SELECT id, reference FROM offers WHERE id = ANY($1::text[])', [asideFor]))
      references.set(r.id, r.reference);
  const quotas = new Map<string, OfferQuota | null>();
  if (listed.length > 0 && (await isStudent(db, workerId))) {
    const read = quotaReader(db, workerId, settings.quotas);
    for (const { row } of listed) quotas.set(row.id, await read(shifts.get(row.id) ?? []));
  }
  return (row, status) => {
    const until = status === 'accepted' ? giveBackUntil(shifts.get(row.id) ?? [], settings.giveBackMs) : null;
    return {
      staffing: row.staffing === 'selection' ? 'selection' : 'firstCome',
      waitlistPosition: status === 'waitlisted' ? (positions.get(row.id) ?? null) : null,
      giveBackUntil: until ? until.toISOString() : null,
      giveBackReason: row.answer === 'given_back' ? (row.give_back_reason ?? null) : null,
      setAsideFor: status === 'setAside' && row.set_aside_by ? (references.get(row.set_aside_by) ?? null) : null,
      quota: quotas.get(row.id) ?? null,
    };
  };
}
