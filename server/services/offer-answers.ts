/**
 * A worker answers an offer (docs/decisions/190-offers-exactly-once.md). Accepting takes a place and makes the
 * missions in ONE transaction:
 * 1. the worker's row is locked: one answer of this worker at a time, so a double tap, a retried request or two
 *    overlapping offers accepted at once are decided one after the other (the second sees the first's missions);
 * 2. an answer already given decides (accepting twice answers the same missions; the other answer is refused);
 * 3. the place is taken by a conditional UPDATE (`places_taken < places`, not withdrawn, before the deadline):
 *    PostgreSQL makes concurrent UPDATEs of the offer's row wait for each other and re-checks the condition on the
 *    row as the winner left it, so with one place left exactly one succeeds and every other one changes nothing;
 *    PGlite runs one transaction at a time anyway;
 * 4. one mission per shift (a unique index per offer, shift and worker backs this up) and the answer are written.
 * Anything refused throws an ApiFailure, which rolls the transaction back: nothing is half done.
 */
import { ApiFailure, forbidden, notFound } from '../api/errors.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { createMission } from './agency.ts';
import { offerById, offerStatus, overlapOf, shiftsOf, type Answer, type OfferRow } from './offers.ts';
import type { Worker } from './workers.ts';

const conflict = (code: 'offer_filled' | 'offer_expired' | 'offer_withdrawn' | 'offer_overlap' | 'offer_answered') => new ApiFailure(409, code);

/** Why an offer cannot be answered any more, whoever asks (or null while it can). */
export function closedReason(o: OfferRow, now: Date): ApiFailure | null {
  const { status } = offerStatus(o, { answer: null, answered_at: null, decline_reason: null }, now);
  return status === 'open' ? null : conflict(status === 'withdrawn' ? 'offer_withdrawn' : status === 'filled' ? 'offer_filled' : 'offer_expired');
}

/** The offer and this worker's answer row, locked until the transaction ends; refusals for a stranger. */
async function lockedAnswer(tx: Queryable, worker: Pick<Worker, 'id'>, offerId: string): Promise<{ offer: OfferRow; answer: Answer }> {
  const offer = await offerById(tx, offerId);
  if (!offer) throw notFound();
  const rows = await tx.query<Answer>('SELECT answer, answered_at, decline_reason FROM offer_recipients WHERE offer_id = $1 AND worker_id = $2 FOR UPDATE', [
    offerId,
    worker.id,
  ]);
  if (!rows[0]) throw forbidden('offer_not_for_you');
  return { offer, answer: rows[0] };
}

export function acceptOffer(db: Db, worker: Worker, offerId: string, now: Date): Promise<void> {
  return db.transaction((tx) => acceptOfferIn(tx, worker, offerId, now));
}

/** The acceptance inside a transaction the caller holds (the demo seed writes everything in one). */
export async function acceptOfferIn(tx: Queryable, worker: Worker, offerId: string, now: Date): Promise<void> {
  await tx.query('SELECT id FROM workers WHERE id = $1 FOR UPDATE', [worker.id]);
  const { offer, answer } = await lockedAnswer(tx, worker, offerId);
  if (answer.answer === 'accepted') return; // the same request again (a retry after a lost answer): the same missions
  if (answer.answer === 'declined') throw conflict('offer_answered');
  const closed = closedReason(offer, now);
  if (closed) throw closed;
  const shifts = (await shiftsOf(tx, [offerId])).get(offerId) ?? [];
  await refuseOverlaps(tx, worker, offerId, shifts);
  const taken = await tx.query(
    `UPDATE offers SET places_taken = places_taken + 1, filled_at = CASE WHEN places_taken + 1 = places THEN $2 ELSE filled_at END
     WHERE id = $1 AND places_taken < places AND withdrawn_at IS NULL AND answer_by > $2 RETURNING id`,
    [offerId, now],
  );
  // Another worker took the last place, or the agency withdrew it, while this one was checked: say which.
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
  await tx.query("UPDATE offer_recipients SET answer = 'accepted', answered_at = $3 WHERE offer_id = $1 AND worker_id = $2", [offerId, worker.id, now]);
}

/** A shift that overlaps one of the worker's planned missions refuses the whole offer (its shifts go together). */
async function refuseOverlaps(tx: Queryable, worker: Pick<Worker, 'id'>, offerId: string, shifts: ReadonlyArray<{ date: string; start: string; end: string }>) {
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
    if (answer.answer === 'accepted') throw conflict('offer_answered');
    const closed = closedReason(offer, now);
    if (closed) throw closed;
    const text = reason?.trim() ?? '';
    await tx.query("UPDATE offer_recipients SET answer = 'declined', answered_at = $3, decline_reason = $4 WHERE offer_id = $1 AND worker_id = $2", [
      offerId,
      worker.id,
      now,
      text === '' ? null : text,
    ]);
  });
}
