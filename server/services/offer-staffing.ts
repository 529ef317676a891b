/**
 * Offers as agencies run them (docs/decisions/260-two-ways-to-staff.md, 261-waitlist.md, 262-give-back.md): a
 * worker applies to a selection offer or withdraws the application, joins or leaves the waitlist of a full
 * first-come offer, gives an accepted place back; the agency selects among the applicants. Each runs in the
 * caller's transaction with the locks of offer-answers.ts in their order (the offer's row, then the workers' rows
 * by id, then answer rows), so that a freed place goes to exactly one worker, the first in line, at once.
 */
import { canGiveBack, giveBackUntil } from '#domain/offer-staffing.ts';
import { V } from '#domain/validation-keys.ts';
import { invalid, type FieldIssue } from '../api/errors.ts';
import type { Queryable } from '../storage/db.ts';
import { cancelMissionIn, type ChangeOutcome } from './mission-changes.ts';
import {
  checkQuota,
  closedReason,
  conflict,
  lockOffer,
  lockWorker,
  lockedAnswer,
  lockedAnswerRow,
  refuseOverlaps,
  takePlace,
  unanswered,
  type TakeOptions,
} from './offer-answers.ts';
import { offerById, shiftsOf, type OfferRow } from './offers.ts';
import { workerByEmail, workerById, type Worker } from './workers.ts';

const shiftsOfOffer = async (tx: Queryable, offerId: string) => (await shiftsOf(tx, [offerId])).get(offerId) ?? [];

/** Applies to a selection offer: open, before its deadline, a place still free, no overlap, the quota confirmed. */
export async function applyToOffer(tx: Queryable, worker: Worker, offerId: string, now: Date, take: TakeOptions): Promise<void> {
  const { offer, answer } = await lockedAnswer(tx, worker, offerId);
  if (answer.answer === 'applied' || answer.answer === 'accepted') return; // again, or already selected: as it is
  if (!unanswered(answer)) throw conflict('offer_answered');
  if (offer.staffing !== 'selection' && !offer.withdrawn_at) throw conflict('offer_first_come');
  const closed = closedReason(offer, now);
  if (closed) throw closed;
  const shifts = await shiftsOfOffer(tx, offerId);
  await refuseOverlaps(tx, worker, offerId, shifts);
  const over = await checkQuota(tx, worker.id, shifts, take);
  await tx.query(
    "UPDATE offer_recipients SET answer = 'applied', answered_at = $3, set_aside_by = NULL, over_quota_confirmed = $4 WHERE offer_id = $1 AND worker_id = $2",
    [offerId, worker.id, now, over],
  );
}

/** Withdraws an application before the deadline: the offer is open again for the worker. Nothing to withdraw: as it is. */
export async function withdrawApplication(tx: Queryable, worker: Worker, offerId: string, now: Date): Promise<void> {
  const { offer, answer } = await lockedAnswer(tx, worker, offerId);
  if (answer.answer !== 'applied') {
    if (answer.answer === 'accepted' || answer.answer === 'not_selected') throw conflict('offer_answered');
    return;
  }
  const closed = closedReason(offer, now);
  if (closed) throw closed;
  await tx.query('UPDATE offer_recipients SET answer = NULL, answered_at = NULL WHERE offer_id = $1 AND worker_id = $2', [offerId, worker.id]);
}

/**
 * Joins the waitlist of a full first-come offer, at the end of the line. A place free by the time the request is
 * decided is taken at once instead: a free place never waits while someone is in line.
 */
export async function joinWaitlist(tx: Queryable, worker: Worker, offerId: string, now: Date, take: TakeOptions): Promise<void> {
  const { offer, answer } = await lockedAnswer(tx, worker, offerId);
  if (answer.answer === 'waiting' || answer.answer === 'accepted') return; // joining again keeps the place in line
  if (!unanswered(answer)) throw conflict('offer_answered');
  if (offer.staffing !== 'first_come' && !offer.withdrawn_at) throw conflict('offer_selection');
  if (offer.withdrawn_at) throw conflict('offer_withdrawn');
  if (now.getTime() >= new Date(offer.answer_by).getTime()) throw conflict('offer_expired');
  const shifts = await shiftsOfOffer(tx, offerId);
  await refuseOverlaps(tx, worker, offerId, shifts);
  const over = await checkQuota(tx, worker.id, shifts, take);
  if (offer.places_taken < offer.places) return takePlace(tx, worker, offer, shifts, now, over);
  await tx.query(
    `UPDATE offer_recipients SET answer = 'waiting', answered_at = $3, queued = nextval('offer_waitlist_order'), set_aside_by = NULL, over_quota_confirmed = $4
     WHERE offer_id = $1 AND worker_id = $2`,
    [offerId, worker.id, now, over],
  );
}

/** Leaves the waitlist; not in it, nothing changes. */
export async function leaveWaitlist(tx: Queryable, worker: Worker, offerId: string): Promise<void> {
  const { answer } = await lockedAnswer(tx, worker, offerId);
  if (answer.answer !== 'waiting') return;
  await tx.query('UPDATE offer_recipients SET answer = NULL, answered_at = NULL, queued = NULL WHERE offer_id = $1 AND worker_id = $2', [offerId, worker.id]);
}

/** A worker who got a place from the waitlist or the agency's choice: told by a notification (notification-events.ts). */
export type PlaceGiven = { worker: Worker; offer: OfferRow };

/**
 * The freed places of a first-come offer (its row locked by the caller) go to the first in line, one after the
 * other, until no place or nobody is left; the waitlist closes at the deadline. A worker in line whose planning now
 * overlaps the shifts (a mission the agency planned meanwhile) is set aside and the next one gets the place.
 */
export async function fillFreedPlaces(tx: Queryable, offerId: string, now: Date): Promise<PlaceGiven[]> {
  const given: PlaceGiven[] = [];
  const shifts = await shiftsOfOffer(tx, offerId);
  for (;;) {
    const offer = (await offerById(tx, offerId))!;
    if (offer.staffing !== 'first_come' || offer.withdrawn_at || offer.places_taken >= offer.places || now.getTime() >= new Date(offer.answer_by).getTime())
      return given;
    const next = await tx.query<{ worker_id: string }>(
      "SELECT worker_id FROM offer_recipients WHERE offer_id = $1 AND answer = 'waiting' ORDER BY queued LIMIT 1",
      [offerId],
    );
    if (!next[0]) return given;
    const workerId = next[0].worker_id;
    await lockWorker(tx, workerId);
    const answer = await lockedAnswerRow(tx, workerId, offerId);
    if (answer.answer !== 'waiting') continue; // left the line while this one waited for the worker's lock
    const worker = (await workerById(tx, workerId))!;
    try {
      await refuseOverlaps(tx, worker, offerId, shifts);
    } catch {
      await tx.query("UPDATE offer_recipients SET answer = 'set_aside', answered_at = $3, queued = NULL WHERE offer_id = $1 AND worker_id = $2", [
        offerId,
        workerId,
        now,
      ]);
      continue;
    }
    await takePlace(tx, worker, offer, shifts, now, answer.over_quota_confirmed);
    given.push({ worker, offer: (await offerById(tx, offerId))! });
  }
}

/**
 * The agency gives the offer more places (`places` its new number, at least what it has; the same changes nothing):
 * in the same transaction, on its locked row, they go to the first in line (docs/decisions/261-waitlist.md).
 */
export async function setPlaces(tx: Queryable, offerId: string, places: number, now: Date): Promise<PlaceGiven[] | null> {
  if (!(await tx.query('SELECT id FROM offers WHERE id = $1', [offerId]))[0]) return null;
  const offer = await lockOffer(tx, offerId);
  if (offer.withdrawn_at) throw conflict('offer_withdrawn');
  if (places < offer.places) throw invalid([{ path: 'places', key: V.offerPlacesFewer }]);
  if (places === offer.places) return [];
  await tx.query('UPDATE offers SET places = $2, filled_at = NULL WHERE id = $1', [offerId, places]);
  return fillFreedPlaces(tx, offerId, now);
}

/**
 * The agency takes a worker's place back: their missions are cancelled as a give-back's are (a contract being signed
 * too, its evidence kept), the offer reads withdrawn for them, and the place goes at once to the first in line.
 * Removing again finds the place already taken back and answers null (nothing more to do or tell); an unknown offer is
 * 'absent'.
 */
export async function removeWorker(
  tx: Queryable,
  offerId: string,
  email: string,
  now: Date,
): Promise<{ worker: Worker; cancelled: GivenBack['cancelled']; given: PlaceGiven[] } | 'absent' | null> {
  if (!(await tx.query('SELECT id FROM offers WHERE id = $1', [offerId]))[0]) return 'absent';
  const offer = await lockOffer(tx, offerId);
  if (offer.withdrawn_at) throw conflict('offer_withdrawn');
  const worker = await workerByEmail(tx, email);
  if (!worker) throw invalid([{ path: 'worker', key: V.offerWorkerUnknown }]);
  await lockWorker(tx, worker.id);
  const answer = (
    await tx.query<{ answer: string | null }>('SELECT answer FROM offer_recipients WHERE offer_id = $1 AND worker_id = $2 FOR UPDATE', [offerId, worker.id])
  )[0];
  if (answer?.answer === 'removed') return null;
  if (answer?.answer !== 'accepted') throw invalid([{ path: 'worker', key: V.offerWorkerHasNoPlace }]);
  const cancelled = await releasePlace(tx, worker, offerId, now);
  await tx.query("UPDATE offer_recipients SET answer = 'removed', answered_at = $3 WHERE offer_id = $1 AND worker_id = $2", [offerId, worker.id, now]);
  return { worker, cancelled, given: await fillFreedPlaces(tx, offerId, now) };
}

/**
 * The worker's place on the offer goes back to it: their planned missions from it are cancelled (a contract being
 * signed too, as the agency cancels one: the signing request and its evidence kept) and the place counts as free.
 * The caller holds the offer's and the worker's locks and records why (given back, removed).
 */
async function releasePlace(tx: Queryable, worker: Worker, offerId: string, now: Date): Promise<GivenBack['cancelled']> {
  const missions = await tx.query<{ id: string }>(
    "SELECT id FROM missions WHERE offer_id = $1 AND worker_id = $2 AND status = 'planned' ORDER BY offer_shift",
    [offerId, worker.id],
  );
  const cancelled: GivenBack['cancelled'] = [];
  for (const m of missions) {
    const outcome = await cancelMissionIn(tx, worker, m.id, now, { evenSigned: true });
    if (outcome.kind === 'done') cancelled.push(outcome);
  }
  await tx.query('UPDATE offers SET places_taken = places_taken - 1, filled_at = NULL WHERE id = $1', [offerId]);
  return cancelled;
}

export type GivenBack = { offer: OfferRow; cancelled: Array<Extract<ChangeOutcome, { kind: 'done' }>>; given: PlaceGiven[]; reason: string };

/**
 * Gives an accepted place back before the cut-off: its missions are cancelled (a contract being signed too, as the
 * agency cancels one: the mission marked cancelled, the signing request and its evidence kept), the place returns to
 * the offer and goes at once to the first in line. Giving back again answers null (nothing more to do or tell).
 */
export async function giveBack(tx: Queryable, worker: Worker, offerId: string, reason: string, now: Date, windowMs: number): Promise<GivenBack | null> {
  const { offer, answer } = await lockedAnswer(tx, worker, offerId);
  if (answer.answer === 'given_back') return null;
  if (answer.answer !== 'accepted') throw conflict('offer_answered');
  if (offer.withdrawn_at) throw conflict('offer_withdrawn');
  const shifts = await shiftsOfOffer(tx, offerId);
  if (!canGiveBack(giveBackUntil(shifts, windowMs), now)) throw conflict('give_back_too_late');
  const cancelled = await releasePlace(tx, worker, offerId, now);
  const text = reason.trim();
  await tx.query("UPDATE offer_recipients SET answer = 'given_back', answered_at = $3, give_back_reason = $4 WHERE offer_id = $1 AND worker_id = $2", [
    offerId,
    worker.id,
    now,
    text,
  ]);
  return { offer: (await offerById(tx, offerId))!, cancelled, given: await fillFreedPlaces(tx, offerId, now), reason: text };
}

/**
 * The agency selects applicants of a selection offer: each gets a place (the missions once; selecting again changes
 * nothing). With `close`, or once every place is taken, the applicants left are not selected.
 */
export async function selectWorkers(
  tx: Queryable,
  offerId: string,
  emails: readonly string[],
  close: boolean,
  now: Date,
): Promise<{ given: PlaceGiven[]; notSelected: string[] } | null> {
  if (!(await tx.query('SELECT id FROM offers WHERE id = $1', [offerId]))[0]) return null;
  const offer = await lockOffer(tx, offerId);
  if (offer.staffing !== 'selection') throw conflict('offer_first_come');
  if (offer.withdrawn_at) throw conflict('offer_withdrawn');
  const issues: FieldIssue[] = [];
  const chosen: Worker[] = [];
  for (const [i, email] of emails.entries()) {
    const worker = await workerByEmail(tx, email);
    const answer = worker
      ? (await tx.query<{ answer: string | null }>('SELECT answer FROM offer_recipients WHERE offer_id = $1 AND worker_id = $2', [offerId, worker.id]))[0]
      : undefined;
    if (!worker || !answer) issues.push({ path: `workers.${i}`, key: V.offerWorkerUnknown });
    else if (answer.answer === 'applied') chosen.push(worker);
    else if (answer.answer !== 'accepted') issues.push({ path: `workers.${i}`, key: V.offerWorkerNotApplicant });
  }
  if (chosen.length > offer.places - offer.places_taken) issues.push({ path: 'workers', key: V.offerSelectionTooMany });
  if (issues.length > 0) throw invalid(issues);
  const shifts = await shiftsOfOffer(tx, offerId);
  const given: PlaceGiven[] = [];
  for (const worker of [...chosen].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    await lockWorker(tx, worker.id);
    const answer = await lockedAnswerRow(tx, worker.id, offerId);
    if (answer.answer !== 'applied') continue;
    await refuseOverlaps(tx, worker, offerId, shifts);
    await takePlace(tx, worker, offer, shifts, now, answer.over_quota_confirmed);
    given.push({ worker, offer });
  }
  const after = (await offerById(tx, offerId))!;
  if (!close && after.places_taken < after.places) return { given, notSelected: [] };
  const left = await tx.query<{ worker_id: string }>(
    "UPDATE offer_recipients SET answer = 'not_selected', answered_at = $2 WHERE offer_id = $1 AND answer = 'applied' RETURNING worker_id",
    [offerId, now],
  );
  await tx.query('UPDATE offers SET selection_closed_at = COALESCE(selection_closed_at, $2) WHERE id = $1', [offerId, now]);
  return { given, notSelected: left.map((r) => r.worker_id) };
}
