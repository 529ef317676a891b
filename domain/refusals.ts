/**
 * The lists of the contract's error codes that decide what a screen does with a refusal: read by the machines (which
 * state a refusal leads to) and by the API client (which refusals its page says in place, src/api/errors.ts).
 * A file of plain constants with no schema beside them, so that the client's first load carries these few lines alone
 * (domain/hours.ts, absence.ts and offers.ts build their valibot rules when loaded).
 */
import type { ErrorCode, OfferStatus } from './api-schema.ts';

/** The refusals of an answer (accept or decline) that close the offer for the worker, with the status each closes it in. */
export const OFFER_CLOSED_BY = {
  offer_filled: 'filled',
  offer_expired: 'expired',
  offer_withdrawn: 'withdrawn',
} as const satisfies Partial<Record<ErrorCode, OfferStatus>>;

/** The refusals of a staffing step that say the offer is not as the page showed it: reading it again shows why. */
export const OFFER_STEP_REFUSALS: readonly ErrorCode[] = [
  'offer_filled',
  'offer_expired',
  'offer_withdrawn',
  'offer_overlap',
  'offer_answered',
  'offer_over_quota',
  'offer_selection',
  'offer_first_come',
  'offer_not_full',
  'give_back_too_late',
];

/** The refusals of a read that say the offer is not the worker's to see: no such offer (404), or one not sent to them (403). */
export const OFFER_UNAVAILABLE_BY: readonly ErrorCode[] = ['not_found', 'offer_not_for_you'];

/** The refusals of an answer that say the offer changed under the worker: a shift now overlaps a mission, or they answered elsewhere. */
export const OFFER_CHANGED_BY: readonly ErrorCode[] = ['offer_overlap', 'offer_answered'];

/**
 * The refusals of a confirmation of several days (openapi.yaml confirmHours): one of them changed meanwhile (its
 * deadline passed, it was contested or decided, or the client corrected it) and none was confirmed. A day the worker
 * confirmed already is no refusal: it is answered as it stands.
 */
export const HOURS_CONFIRM_REFUSALS: readonly ErrorCode[] = ['hours_auto_confirmed', 'hours_contested', 'hours_resolved', 'hours_changed'];

/**
 * The refusals of a report that sending it again cannot change: no such mission of the worker's, the mission has
 * ended or was cancelled, or a report stands already. The screen says what to do instead.
 */
export const ABSENCE_FINAL_REFUSALS: readonly ErrorCode[] = [
  'absence_mission_unknown',
  'absence_mission_ended',
  'absence_mission_cancelled',
  'absence_already_reported',
];
