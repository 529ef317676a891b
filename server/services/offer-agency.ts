/**
 * The agency's side of offers (back-office operations, CLI, demo seed): check who may receive one, create and send it,
 * send it to more workers, withdraw it (cancelling the missions taken from it through the mission-change path), and
 * read who answered what. Storing and mailing are apart: the callers mail once the transaction is committed.
 */
import type { BackofficeOffer, OfferAnswer, OfferCreate, OfferQuota, OfferShiftTimes } from '#domain/api-schema.ts';
import { Statute } from '#domain/enums.ts';
import { STUDENT_QUOTAS, type StudentQuotas } from '#domain/hours.ts';
import { brusselsInstant, shiftSpan, shiftsOverlap } from '#domain/offers.ts';
import { V } from '#domain/validation-keys.ts';
import type { FieldIssue } from '../api/errors.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { randomId } from './crypto.ts';
import { cancelMissionIn, type ChangeOutcome } from './mission-changes.ts';
import { quotaReader } from './offer-staffing-view.ts';
import { offerById, offerStatus, shiftsOf, type AnswerValue, type OfferRow } from './offers.ts';
import { normalizeEmail, workersByEmail, type Worker } from './workers.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const wellFormed = (s: OfferShiftTimes) => DAY.test(s.date) && TIME.test(s.start) && TIME.test(s.end);

/** The deadline and the shifts of a new offer, as field issues (422). */
export function offerTermsIssues(input: OfferCreate, now: Date): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const shifts = input.shifts.filter(wellFormed);
  input.shifts.forEach((shift, i) => {
    if (!wellFormed(shift)) return;
    if (shift.start === shift.end) issues.push({ path: `shifts.${i}.end`, key: V.offerShiftEmpty });
    else if (input.shifts.slice(0, i).some((other) => wellFormed(other) && shiftsOverlap(other, shift)))
      issues.push({ path: `shifts.${i}`, key: V.offerShiftsOverlap });
  });
  const answerBy = Date.parse(input.answerBy);
  if (Number.isNaN(answerBy)) return issues;
  if (answerBy <= now.getTime()) issues.push({ path: 'answerBy', key: V.offerDeadlinePast });
  else if (shifts.length > 0) {
    const first = shifts.reduce((a, b) => (shiftSpan(b).from < shiftSpan(a).from ? b : a));
    if (answerBy > brusselsInstant(first.date, first.start).getTime()) issues.push({ path: 'answerBy', key: V.offerDeadlineAfterStart });
  }
  return issues;
}

/** The workers of a list of addresses, or the issues of those who are unknown or not approved (spec §5, §6). */
export async function recipientsOf(db: Queryable, emails: readonly string[]): Promise<{ workers: Worker[]; issues: FieldIssue[] }> {
  const workers: Worker[] = [];
  const issues: FieldIssue[] = [];
  const known = await workersByEmail(db, emails);
  for (const [i, email] of emails.entries()) {
    const worker = known.get(normalizeEmail(email));
    if (!worker) issues.push({ path: `workers.${i}`, key: V.offerWorkerUnknown });
    else if (worker.new_account) issues.push({ path: `workers.${i}`, key: V.offerWorkerNotApproved });
    else workers.push(worker);
  }
  return { workers, issues };
}

/** Stores a new offer and its shifts; `sendTo` then records its workers. Answers its id. */
export async function insertOffer(tx: Queryable, input: OfferCreate, now: Date): Promise<string> {
  const id = `o${randomId(11)}`;
  await tx.query(
    `INSERT INTO offers (id, reference, job, short_location, location1, location2, hourly_wage_cents, briefing, places, answer_by, created_at, staffing)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      id,
      input.reference.trim(),
      input.job,
      input.shortLocation.trim(),
      input.location1 ?? '',
      input.location2 ?? '',
      input.hourlyWageCents,
      input.briefing ?? '',
      input.places,
      input.answerBy,
      now,
      input.staffing === 'selection' ? 'selection' : 'first_come',
    ],
  );
  const ordered = [...input.shifts].sort((a, b) => (shiftSpan(a).from < shiftSpan(b).from ? -1 : 1));
  for (const [position, shift] of ordered.entries())
    await tx.query('INSERT INTO offer_shifts (offer_id, position, day, start_time, end_time) VALUES ($1, $2, $3, $4, $5)', [
      id,
      position,
      shift.date,
      shift.start,
      shift.end,
    ]);
  return id;
}

/** Records the offer as sent to these workers; answers those who did not have it yet (the ones to mail). */
export async function sendTo(tx: Queryable, offerId: string, workers: readonly Worker[], now: Date): Promise<Worker[]> {
  if (workers.length === 0) return [];
  // One statement for them all (an offer sent to 500 workers); the workers named twice are recorded once.
  const rows = await tx.query<{ worker_id: string }>(
    `INSERT INTO offer_recipients (offer_id, worker_id, sent_at)
     SELECT $1, u.worker_id, $3 FROM unnest($2::text[]) WITH ORDINALITY AS u(worker_id, position) ORDER BY u.position
     ON CONFLICT DO NOTHING RETURNING worker_id`,
    [offerId, [...new Set(workers.map((w) => w.id))], now],
  );
  const added = new Set(rows.map((r) => r.worker_id));
  const seen = new Set<string>();
  return workers.filter((w) => added.has(w.id) && !seen.has(w.id) && Boolean(seen.add(w.id)));
}

/**
 * Withdraws the offer (a second time changes nothing) and cancels, in the same transaction, every planned mission
 * taken from it whose contract the worker has not asked to sign (a signed contract is the agency's to settle).
 * Answers the cancellations, for the mails; null when there is no such offer.
 */
export async function withdrawOffer(
  db: Db,
  offerId: string,
  now: Date,
): Promise<Array<{ workerId: string; outcome: Extract<ChangeOutcome, { kind: 'done' }> }> | null> {
  return db.transaction(async (tx) => {
    // The UPDATE locks the offer's row: an acceptance under way finishes first (and its missions are cancelled
    // here), or comes after and finds the offer withdrawn.
    const withdrawn = await tx.query('UPDATE offers SET withdrawn_at = COALESCE(withdrawn_at, $2) WHERE id = $1 RETURNING id', [offerId, now]);
    if (withdrawn.length === 0) return null;
    const missions = await tx.query<{ id: string; worker_id: string }>(
      "SELECT id, worker_id FROM missions WHERE offer_id = $1 AND status = 'planned' AND NOT signing_requested ORDER BY worker_id, offer_shift",
      [offerId],
    );
    const cancelled: Array<{ workerId: string; outcome: Extract<ChangeOutcome, { kind: 'done' }> }> = [];
    for (const m of missions) {
      const outcome = await cancelMissionIn(tx, { id: m.worker_id }, m.id, now);
      if (outcome.kind === 'done') cancelled.push({ workerId: m.worker_id, outcome });
    }
    return cancelled;
  });
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Each answer as the agency reads it; an application still there once the choice is closed reads not selected. */
function answerSeen(o: OfferRow, answer: AnswerValue | null, now: Date): OfferAnswer['answer'] {
  if (answer === 'applied' && offerStatus(o, { answer, answered_at: null, decline_reason: null }, now).status === 'notSelected') return 'notSelected';
  const seen = { waiting: 'waitlisted', given_back: 'givenBack', not_selected: 'notSelected', set_aside: 'setAside', removed: 'removed' } as const;
  return answer === null ? 'pending' : answer in seen ? seen[answer as keyof typeof seen] : (answer as 'accepted' | 'declined' | 'applied');
}

/** The offer as the agency reads it: terms, places, and each worker's answer with the missions made from it. */
export async function backofficeOffer(db: Queryable, offerId: string, now: Date, quotas: StudentQuotas = STUDENT_QUOTAS): Promise<BackofficeOffer | null> {
  const o = await offerById(db, offerId);
  if (!o) return null;
  const shifts = (await shiftsOf(db, [offerId])).get(offerId) ?? [];
  const recipients = await db.query<{
    worker_id: string;
    email: string;
    name: string;
    sent_at: Date;
    answer: AnswerValue | null;
    answered_at: Date | null;
    decline_reason: string | null;
    give_back_reason: string | null;
    position: number | null;
    statute: number;
  }>(
    `SELECT r.worker_id, w.email, trim(w.first_name || ' ' || w.last_name) AS name, r.sent_at, r.answer, r.answered_at, r.decline_reason,
       r.give_back_reason, w.statute,
       CASE WHEN r.answer = 'waiting' THEN (SELECT count(*)::int FROM offer_recipients q WHERE q.offer_id = r.offer_id AND q.answer = 'waiting' AND q.queued <= r.queued) END AS position
     FROM offer_recipients r JOIN workers w ON w.id = r.worker_id WHERE r.offer_id = $1 ORDER BY r.sent_at, w.email LIMIT 500`,
    [offerId],
  );
  const missions = await db.query<{ id: string; worker_id: string; date: string; status: 'planned' | 'cancelled'; signing_requested: boolean }>(
    "SELECT id, worker_id, to_char(day, 'YYYY-MM-DD') AS date, status, signing_requested FROM missions WHERE offer_id = $1 ORDER BY offer_shift",
    [offerId],
  );
  const quotaOf = new Map<string, OfferQuota | null>();
  for (const r of recipients) if (r.statute === Statute.Student) quotaOf.set(r.worker_id, await quotaReader(db, r.worker_id, quotas)(shifts));
  return {
    offer: o.id,
    staffing: o.staffing === 'selection' ? 'selection' : 'firstCome',
    reference: o.reference,
    job: o.job,
    shortLocation: o.short_location,
    location1: o.location1,
    location2: o.location2,
    hourlyWageCents: o.hourly_wage_cents,
    briefing: o.briefing,
    places: o.places,
    placesTaken: o.places_taken,
    answerBy: iso(o.answer_by)!,
    createdAt: iso(o.created_at)!,
    filledAt: iso(o.filled_at),
    withdrawnAt: iso(o.withdrawn_at),
    shifts,
    answers: recipients.map((r) => ({
      email: r.email,
      name: r.name.slice(0, 201),
      sentAt: iso(r.sent_at)!,
      answer: answerSeen(o, r.answer, now),
      answeredAt: iso(r.answered_at),
      reason: r.answer === 'given_back' ? r.give_back_reason : r.decline_reason,
      waitlistPosition: r.position,
      quota: quotaOf.get(r.worker_id) ?? null,
      missions: missions
        .filter((m) => m.worker_id === r.worker_id)
        .map((m) => ({ mission: m.id, date: m.date, status: m.status, signingRequested: m.signing_requested })),
    })),
  };
}
