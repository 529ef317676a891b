/**
 * Offers as stored (migration 007) and as the worker they were sent to sees them (openapi.yaml `Offer`): the status
 * from their point of view, and each shift marked against their availabilities and their planned missions
 * (docs/decisions/191-offer-overlap-and-day-parts.md, 192-offers-on-screen.md).
 */
import type { Locale, Offer, OfferOverlap, OfferShift, OfferStatus } from '#domain/api-schema.ts';
import { OFFER_VISIBLE_AFTER_CLOSE_DAYS, dayPartsOf, endsNextDay, nextDay, shiftsOverlap, type ShiftTimes } from '#domain/offers.ts';
import { jobName } from '../pdf/job-names.ts';
import type { Queryable } from '../storage/db.ts';
import { addDays } from './clock.ts';
import { STAFFING_DEFAULTS, staffingFacts, type StaffingSettings } from './offer-staffing-view.ts';

export type OfferRow = {
  id: string;
  reference: string;
  job: string;
  short_location: string;
  location1: string;
  location2: string;
  hourly_wage_cents: number;
  briefing: string;
  places: number;
  places_taken: number;
  answer_by: Date;
  created_at: Date;
  filled_at: Date | null;
  withdrawn_at: Date | null;
  /** Migration 014: how the offer is staffed, and when the agency said its choice was made. */
  staffing: 'first_come' | 'selection';
  selection_closed_at: Date | null;
};

/** The worker's answer row (migrations 007 and 014: applications, the waitlist, give-backs; decision 263). */
export type AnswerValue = 'accepted' | 'declined' | 'applied' | 'waiting' | 'given_back' | 'not_selected' | 'set_aside' | 'removed';
export type Answer = { answer: AnswerValue | null; answered_at: Date | null; decline_reason: string | null; give_back_reason?: string | null };
type WorkerOfferRow = OfferRow & Answer & { queued: string | null; set_aside_by: string | null };

const time = (d: Date) => new Date(d).getTime();

const OFFER_COLUMNS = `o.id, o.reference, o.job, o.short_location, o.location1, o.location2, o.hourly_wage_cents, o.briefing, o.places,
  o.places_taken, o.answer_by, o.created_at, o.filled_at, o.withdrawn_at, o.staffing, o.selection_closed_at`;

export const offerById = async (db: Queryable, id: string): Promise<OfferRow | null> =>
  (await db.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM offers o WHERE o.id = $1`, [id]))[0] ?? null;

/** The shifts of some offers, in order, by offer id. */
export async function shiftsOf(db: Queryable, offerIds: readonly string[]): Promise<Map<string, ShiftTimes[]>> {
  const rows = await db.query<ShiftTimes & { offer_id: string }>(
    `SELECT offer_id, to_char(day, 'YYYY-MM-DD') AS date, start_time AS start, end_time AS "end" FROM offer_shifts
     WHERE offer_id = ANY($1::text[]) ORDER BY offer_id, position`,
    [offerIds],
  );
  const out = new Map<string, ShiftTimes[]>();
  for (const { offer_id, ...shift } of rows) out.set(offer_id, [...(out.get(offer_id) ?? []), shift]);
  return out;
}

const ANSWERED: Record<'accepted' | 'declined' | 'given_back' | 'not_selected' | 'set_aside' | 'removed', OfferStatus> = {
  accepted: 'accepted',
  // The agency took the place back from this worker: for them it is withdrawn, the mission taken from it cancelled.
  removed: 'withdrawn',
  declined: 'declined',
  given_back: 'givenBack',
  not_selected: 'notSelected',
  set_aside: 'setAside',
};

/**
 * The offer from this worker's side (decision 263). Withdrawn wins (a mission they took from it is cancelled), then
 * their own answer, then no place left, then the deadline: from `answer_by` on, the offer is expired. An application
 * still pending once every place is taken or the agency closed its choice is not selected; a waitlist place closes
 * at the deadline.
 */
export function offerStatus(o: OfferRow, a: Answer, now: Date): { status: OfferStatus; closedAt: Date | null } {
  if (o.withdrawn_at) return { status: 'withdrawn', closedAt: o.withdrawn_at };
  if (a.answer === 'applied') {
    if (o.selection_closed_at || o.places_taken >= o.places) return { status: 'notSelected', closedAt: o.selection_closed_at ?? o.filled_at ?? a.answered_at };
    return { status: 'applied', closedAt: null };
  }
  if (a.answer === 'waiting')
    return now.getTime() >= time(o.answer_by) ? { status: 'expired', closedAt: o.answer_by } : { status: 'waitlisted', closedAt: null };
  if (a.answer) return { status: ANSWERED[a.answer], closedAt: a.answered_at };
  if (o.places_taken >= o.places) return { status: 'filled', closedAt: o.filled_at ?? o.answer_by };
  if (o.selection_closed_at) return { status: 'expired', closedAt: o.selection_closed_at };
  if (now.getTime() >= time(o.answer_by)) return { status: 'expired', closedAt: o.answer_by };
  return { status: 'open', closedAt: null };
}

type PlannedMission = ShiftTimes & { id: string; reference: string; offer_id: string | null };
type DaySlots = { morning: boolean; afternoon: boolean; evening: boolean };

/** What the shifts are marked against: the worker's planned missions and availabilities around the offers' days. */
async function surroundings(db: Queryable, workerId: string, shifts: readonly ShiftTimes[]) {
  if (shifts.length === 0) return { missions: [] as PlannedMission[], slots: new Map<string, DaySlots>() };
  const days = shifts.map((s) => s.date).sort();
  // A night mission of the day before can reach into a shift; a night shift reaches into the next day.
  const from = addDays(days[0]!, -1);
  const to = nextDay(days.at(-1)!);
  const missions = await db.query<PlannedMission>(
    `SELECT id, reference, offer_id, to_char(day, 'YYYY-MM-DD') AS date, start_time AS start, end_time AS "end" FROM missions
     WHERE worker_id = $1 AND status = 'planned' AND day BETWEEN $2::date AND $3::date ORDER BY day, start_time`,
    [workerId, from, to],
  );
  const rows = await db.query<DaySlots & { date: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS date, morning, afternoon, evening FROM availabilities WHERE worker_id = $1 AND day BETWEEN $2::date AND $3::date`,
    [workerId, from, to],
  );
  return { missions, slots: new Map(rows.map(({ date, ...slots }) => [date, slots])) };
}

/** A mission of the worker the shift overlaps (not one made from this very offer), or null. */
export function overlapOf(shift: ShiftTimes, missions: readonly PlannedMission[], offerId: string): OfferOverlap | null {
  const m = missions.find((mission) => mission.offer_id !== offerId && shiftsOverlap(shift, mission));
  return m ? { mission: m.id, reference: m.reference, date: m.date, start: m.start, end: m.end } : null;
}

function markedShift(shift: ShiftTimes, offerId: string, around: Awaited<ReturnType<typeof surroundings>>): OfferShift {
  const outside = dayPartsOf(shift).some(({ date, part }) => !(around.slots.get(date)?.[part] ?? false));
  return { ...shift, endsNextDay: endsNextDay(shift), outsideAvailability: outside, overlaps: overlapOf(shift, around.missions, offerId) };
}

/** Open offers first, in the order they come (by deadline: the sort is stable), then the most recently closed. */
function openFirstThenLatestClosed(a: { closedAt: Date | null }, b: { closedAt: Date | null }): number {
  if (a.closedAt === null || b.closedAt === null) return (a.closedAt === null ? 0 : 1) - (b.closedAt === null ? 0 : 1);
  return time(b.closedAt) - time(a.closedAt);
}

/**
 * The offers sent to the worker as they see them: one (`only`), or all those still listed (open, or closed less than
 * OFFER_VISIBLE_AFTER_CLOSE_DAYS ago), open ones first by deadline, then the most recently closed.
 */
export async function offersForWorker(
  db: Queryable,
  workerId: string,
  now: Date,
  locale: Locale,
  only: string | null = null,
  settings: StaffingSettings = STAFFING_DEFAULTS,
): Promise<Offer[]> {
  const cut = new Date(now.getTime() - OFFER_VISIBLE_AFTER_CLOSE_DAYS * 86_400_000);
  // Every way an offer closes is at the latest its deadline or its withdrawal: the SQL keeps a superset, JS decides.
  const rows = await db.query<WorkerOfferRow>(
    `SELECT ${OFFER_COLUMNS}, r.answer, r.answered_at, r.decline_reason, r.give_back_reason, r.queued, r.set_aside_by
     FROM offers o JOIN offer_recipients r ON r.offer_id = o.id
     WHERE r.worker_id = $1 AND ($2::text IS NULL OR o.id = $2) AND ($2::text IS NOT NULL OR GREATEST(o.answer_by, o.withdrawn_at, r.answered_at) > $3)
     ORDER BY o.answer_by, o.id LIMIT 1000`,
    [workerId, only, cut],
  );
  const listed = rows
    .map((row) => ({ row, ...offerStatus(row, row, now) }))
    .filter(({ closedAt }) => only !== null || closedAt === null || time(closedAt) > cut.getTime())
    .sort(openFirstThenLatestClosed)
    .slice(0, 200);
  const ids = listed.map(({ row }) => row.id);
  const shifts = await shiftsOf(db, ids);
  const around = await surroundings(db, workerId, [...shifts.values()].flat());
  const made = await db.query<{ id: string; offer_id: string }>(
    'SELECT id, offer_id FROM missions WHERE worker_id = $1 AND offer_id = ANY($2::text[]) ORDER BY offer_shift',
    [workerId, ids],
  );
  const facts = await staffingFacts(db, workerId, listed, shifts, settings);
  return listed.map(({ row, status, closedAt }) => ({
    offer: row.id,
    reference: row.reference,
    job: row.job,
    jobTitle: jobName(row.job, locale).slice(0, 100),
    shortLocation: row.short_location,
    location1: row.location1,
    location2: row.location2,
    hourlyWageCents: row.hourly_wage_cents,
    briefing: row.briefing,
    places: row.places,
    placesLeft: Math.max(0, row.places - row.places_taken),
    answerBy: new Date(row.answer_by).toISOString(),
    status,
    closedAt: closedAt ? new Date(closedAt).toISOString() : null,
    shifts: (shifts.get(row.id) ?? []).map((shift) => markedShift(shift, row.id, around)),
    declineReason: row.decline_reason,
    missions: made.filter((m) => m.offer_id === row.id).map((m) => m.id),
    ...facts(row, status),
  }));
}

/** Which of the worker's missions were taken from an offer: those are signed before their day (decision 193). */
export async function missionsFromOffers(db: Queryable, workerId: string): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>('SELECT id FROM missions WHERE worker_id = $1 AND offer_id IS NOT NULL', [workerId]);
  return new Set(rows.map((r) => r.id));
}
