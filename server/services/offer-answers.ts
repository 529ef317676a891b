/**
 * A worker answers an offer (docs/decisions/190-offers-exactly-once.md). Accepting takes a place and makes the
 * missions in ONE transaction:
 * 1. the offer's row, then the worker's row are locked (decision 261): the answers to one offer one after the
 *    other, and one answer of this worker at a time, so a double tap, a retried request or two overlapping offers
 *    accepted at once are decided one after the other (the second sees the first's missions);
 * 2. an answer already given decides (accepting twice answers the same missions; the other answer is refused);
 * 3. the place is taken by a conditional UPDATE (`places_taken < places`, not withdrawn, before the deadline):
 *    PostgreSQL makes concurrent UPDATEs of the offer's row wait for each other and re-checks the condition on the
 *    row as the winner left it, so with one place left exactly one succeeds and every other one changes nothing;
 *    PGlite runs one transaction at a time anyway;
 * 4. one mission per shift (a unique index per offer, shift and worker backs this up) and the answer are written.
 * Anything refused throws an ApiFailure, which rolls the transaction back: nothing is half done.
 */
import { ApiFailure, forbidden, notFound } from '../api/errors.ts';
import type { ErrorCode } from '#domain/api-schema.ts';
import { shiftsOverlap } from '#domain/offers.ts';
import type { StudentQuotas } from '#domain/hours.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { createMission } from './agency.ts';
import { isStudent, quotaReader } from './offer-staffing-view.ts';
import { offerById, offerStatus, overlapOf, shiftsOf, type Answer, type OfferRow } from './offers.ts';
import type { Worker } from './workers.ts';

export const conflict = (code: ErrorCode) => new ApiFailure(409, code);

/** Why an offer cannot be answered any more, whoever asks (or null while it can). */
export function closedReason(o: OfferRow, now: Date): ApiFailure | null {
  const { status } = offerStatus(o, { answer: null, answered_at: null, decline_reason: null }, now);
  return status === 'open' ? null : conflict(status === 'withdrawn' ? 'offer_withdrawn' : status === 'filled' ? 'offer_filled' : 'offer_expired');
}

/**
 * The locks of every answer to an offer, always in this order (decision 261): the offer's row first (the answers to
 * one offer, the give-backs and the agency's choice are decided one after the other), then the worker's row (one
 * answer of this worker at a time), then their answer row. Answers the offer as it is once locked.
 */
export async function lockOffer(tx: Queryable, offerId: string): Promise<OfferRow> {
  const locked = await tx.query('SELECT id FROM offers WHERE id = $1 FOR UPDATE', [offerId]);
  if (locked.length === 0) throw notFound();
  return (await offerById(tx, offerId))!;
}

export const lockWorker = (tx: Queryable, workerId: string) => tx.query('SELECT id FROM workers WHERE id = $1 FOR UPDATE', [workerId]);

export type AnswerRow = Answer & { over_quota_confirmed: boolean };

/** The worker's answer row of the offer, locked; a worker the offer was not sent to is refused. */
export async function lockedAnswerRow(tx: Queryable, workerId: string, offerId: string): Promise<AnswerRow> {
  const rows = await tx.query<AnswerRow>(
    'SELECT answer, answered_at, decline_reason, give_back_reason, over_quota_confirmed FROM offer_recipients WHERE offer_id = $1 AND worker_id = $2 FOR UPDATE',
    [offerId, workerId],
  );
  if (!rows[0]) throw forbidden('offer_not_for_you');
  return rows[0];
}

/** The offer, the worker and their answer, locked in that order. */
export async function lockedAnswer(tx: Queryable, worker: Pick<Worker, 'id'>, offerId: string): Promise<{ offer: OfferRow; answer: AnswerRow }> {
  const offer = await lockOffer(tx, offerId);
  await lockWorker(tx, worker.id);
  return { offer, answer: await lockedAnswerRow(tx, worker.id, offerId) };
}

/** An answer that leaves the offer to be answered afresh: none yet, or set aside for an offer since given back. */
export const unanswered = (a: Answer): boolean => a.answer === null || a.answer === 'set_aside';

/**
 * A student whose shifts would pass the year's quota must have said they know (docs/decisions/264-quota-on-offers.md).
 * Answers whether the offer passes the quota, to be kept with the answer.
 */
export async function checkQuota(tx: Queryable, workerId: string, shifts: ReadonlyArray<{ date: string; start: string; end: string }>, take: TakeOptions) {
  if (!take.quotas || !(await isStudent(tx, workerId))) return false;
  const quota = await quotaReader(tx, workerId, take.quotas)(shifts);
  if (quota?.over && !take.confirmOverQuota) throw conflict('offer_over_quota');
  return quota?.over ?? false;
}

export type TakeOptions = { confirmOverQuota?: boolean; quotas?: StudentQuotas };

export function acceptOffer(db: Db, worker: Worker, offerId: string, now: Date, take: TakeOptions = {}): Promise<void> {
  return db.transaction((tx) => acceptOfferIn(tx, worker, offerId, now, take));
}

/** The acceptance inside a transaction the caller holds (the demo seed writes everything in one). */
export async function acceptOfferIn(tx: Queryable, worker: Worker, offerId: string, now: Date, take: TakeOptions = {}): Promise<void> {
  const { offer, answer } = await lockedAnswer(tx, worker, offerId);
  if (answer.answer === 'accepted') return; // the same request again (a retry after a lost answer): the same missions
  if (!unanswered(answer)) throw conflict('offer_answered');
  if (offer.staffing === 'selection' && !offer.withdrawn_at) throw conflict('offer_selection');
  const closed = closedReason(offer, now);
  if (closed) throw closed;
  const shifts = (await shiftsOf(tx, [offerId])).get(offerId) ?? [];
  await refuseOverlaps(tx, worker, offerId, shifts);
  const over = await checkQuota(tx, worker.id, shifts, take);
  await takePlace(tx, worker, offer, shifts, now, over);
}

/**
 * Gives the worker a place of the offer (the offer's and the worker's rows locked by the caller): the place is
 * counted by a conditional UPDATE (`places_taken < places`, not withdrawn: a second line of defence behind the
 * offer's lock), one mission per shift is made, the answer is `accepted`, and the worker's applications and waitlist
 * places on overlapping offers are set aside (decision 263). Accepting, a waitlist's freed place and the agency's
 * choice all come here.
 */
export async function takePlace(
  tx: Queryable,
  worker: Worker,
  offer: OfferRow,
  shifts: ReadonlyArray<{ date: string; start: string; end: string }>,
  now: Date,
  overQuota: boolean,
): Promise<void> {
  const offerId = offer.id;
  const taken = await tx.query(
    `UPDATE offers SET places_taken = places_taken + 1, filled_at = CASE WHEN places_taken + 1 = places THEN $2 ELSE filled_at END
     WHERE id = $1 AND places_taken < places AND withdrawn_at IS NULL RETURNING id`,
    [offerId, now],
  );
  if (taken.length === 0) throw closedReason((await offerById(tx, offerId))!, now) ?? conflict('offer_filled');
  for (const [position, shift] of shifts.entries()) {
    const terms = {
      date: shift.date,
      start: shift.start,
      end: shift.end,
      reference: offer.reference,
      job: offer.job,
      shortLocation: offer.short_location,
      location1: offer.location1,
      location2: offer.location2,
      briefing: offer.briefing,
      km: 0,
      allowPrint: true,
    };
    await createMission(tx, worker, terms, now, { offerId, offerShift: position, hourlyWageCents: offer.hourly_wage_cents });
  }
  await tx.query(
    "UPDATE offer_recipients SET answer = 'accepted', answered_at = $3, queued = NULL, over_quota_confirmed = over_quota_confirmed OR $4 WHERE offer_id = $1 AND worker_id = $2",
    [offerId, worker.id, now, overQuota],
  );
  await setAsideOverlapping(tx, worker.id, offerId, shifts, now);
}

/** The worker's applications and waitlist places on other offers whose shifts overlap these: set aside, saying for which. */
async function setAsideOverlapping(
  tx: Queryable,
  workerId: string,
  offerId: string,
  shifts: ReadonlyArray<{ date: string; start: string; end: string }>,
  now: Date,
) {
  const pending = await tx.query<{ offer_id: string }>(
    "SELECT offer_id FROM offer_recipients WHERE worker_id = $1 AND offer_id <> $2 AND answer IN ('applied', 'waiting')",
    [workerId, offerId],
  );
  if (pending.length === 0) return;
  const theirs = await shiftsOf(
    tx,
    pending.map((p) => p.offer_id),
  );
  const aside = [...theirs].filter(([, other]) => other.some((o) => shifts.some((s) => shiftsOverlap(o, s)))).map(([id]) => id);
  if (aside.length === 0) return;
  await tx.query(
    "UPDATE offer_recipients SET answer = 'set_aside', set_aside_by = $3, answered_at = $4, queued = NULL WHERE worker_id = $1 AND offer_id = ANY($2::text[]) AND answer IN ('applied', 'waiting')",
    [workerId, aside, offerId, now],
  );
}

/** A shift that overlaps one of the worker's planned missions refuses the whole offer (its shifts go together). */
export async function refuseOverlaps(
  tx: Queryable,
  worker: Pick<Worker, 'id'>,
  offerId: string,
  shifts: ReadonlyArray<{ date: string; start: string; end: string }>,
) {
  const days = shifts.map((s) => s.date).sort();
  const missions = await tx.query<{ id: string; reference: string; offer_id: string | null; date: string; start: string; end: string }>(
    `SELECT id, reference, offer_id, to_char(day, 'YYYY-MM-DD') AS date, start_time AS start, end_time AS "end" FROM missions
     WHERE worker_id = $1 AND status = 'planned' AND day BETWEEN ($2::date - 1) AND ($3::date + 1)`,
    [worker.id, days[0], days.at(-1)],
  );
  if (shifts.some((shift) => overlapOf(shift, missions, offerId) !== null)) throw conflict('offer_overlap');
}

export async function declineOffer(db: Db, worker: Worker, offerId: string, reason: string | undefined, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { offer, answer } = await lockedAnswer(tx, worker, offerId);
    if (answer.answer === 'declined') return; // declining again keeps the first answer and its reason
    if (!unanswered(answer)) throw conflict('offer_answered');
    const closed = closedReason(offer, now);
    if (closed) throw closed;
    const text = reason?.trim() ?? '';
    await tx.query(
      "UPDATE offer_recipients SET answer = 'declined', answered_at = $3, decline_reason = $4, set_aside_by = NULL WHERE offer_id = $1 AND worker_id = $2",
      [offerId, worker.id, now, text === '' ? null : text],
    );
  });
}
