/**
 * The news a worker is told of, as notification events (docs/decisions/253-what-is-pushed.md): what each is about
 * (its Topic), the facts its words are made of, the page it links to, until when it matters (the TTL) and whether it
 * is urgent. Built where the same news is mailed, and recorded in the same transaction as the change.
 */
import type { HoursDay } from '#domain/api-schema.ts';
import { missionSpan } from '#domain/absence.ts';
import { REPLY_NEWS_MS } from '#domain/conversations.ts';
import { URGENT_CHANGE_WINDOW_MS } from '#domain/notifications.ts';
import { brusselsInstant, type ShiftTimes } from '#domain/offers.ts';
import type { ChangeOutcome } from './mission-changes.ts';
import type { NotificationEvent } from './notifications.ts';
import type { OfferRow } from './offers.ts';
import type { Worker } from './workers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** News of the file or the signature matters for a week; a test for an hour. */
const ACCOUNT_NEWS_MS = 7 * DAY_MS;
const TEST_MS = 60 * 60 * 1000;

export function offerEvents(workers: readonly Worker[], offer: OfferRow, shifts: readonly ShiftTimes[]): NotificationEvent[] {
  const first = shifts[0];
  if (!first) return [];
  return workers.map((w) => ({
    workerId: w.id,
    kind: 'offerNew',
    about: `offer:${offer.id}`,
    params: {
      job: offer.job,
      place: offer.short_location,
      date: first.date,
      start: first.start,
      end: first.end,
      shifts: shifts.length,
      wageCents: offer.hourly_wage_cents,
      answerBy: new Date(offer.answer_by).toISOString(),
    },
    link: `/offers?offer=${offer.id}`,
    expiresAt: new Date(offer.answer_by),
    urgent: false,
  }));
}

/**
 * A place given to the worker: the first in line when one was freed, or chosen by the agency (decisions 260, 261).
 * It matters until the first shift starts, and is urgent when that is within 24 hours.
 */
export function offerPlaceEvents(given: ReadonlyArray<{ worker: Worker; offer: OfferRow }>, shifts: readonly ShiftTimes[], now: Date): NotificationEvent[] {
  const first = shifts[0];
  if (!first) return [];
  const starts = brusselsInstant(first.date, first.start);
  return given.map(({ worker, offer }) => ({
    workerId: worker.id,
    kind: 'offerPlaceGiven',
    about: `offer:${offer.id}`,
    params: { job: offer.job, place: offer.short_location, date: first.date, start: first.start, end: first.end, shifts: shifts.length },
    link: `/offers?offer=${offer.id}`,
    expiresAt: starts,
    urgent: starts.getTime() - now.getTime() < URGENT_CHANGE_WINDOW_MS,
  }));
}

/**
 * The agency's choice is made and these applicants were not chosen (docs/decisions/260-two-ways-to-staff.md): told
 * once, when the choice closes. It matters until the first shift would have started; never urgent.
 */
export function offerNotSelectedEvents(workerIds: readonly string[], offer: OfferRow, shifts: readonly ShiftTimes[]): NotificationEvent[] {
  const first = shifts[0];
  if (!first) return [];
  return workerIds.map((workerId) => ({
    workerId,
    kind: 'offerNotSelected',
    about: `offer:${offer.id}`,
    params: { job: offer.job, place: offer.short_location, date: first.date, start: first.start, end: first.end, shifts: shifts.length },
    link: `/offers?offer=${offer.id}`,
    expiresAt: brusselsInstant(first.date, first.start),
    urgent: false,
  }));
}

/**
 * A change or a cancellation: it matters until the shift is over, and is urgent when the shift, as it was or as it
 * now is, starts within 24 hours (the worker may be about to leave home).
 */
export function missionEvent(worker: Worker, outcome: Extract<ChangeOutcome, { kind: 'done' }>, now: Date): NotificationEvent[] {
  const { mission, changes } = outcome;
  if (changes.length === 0) return [];
  const before = { date: mission.date, start: mission.start, end: mission.end };
  for (const c of changes) if (c.field === 'date' || c.field === 'start' || c.field === 'end') before[c.field] = c.from;
  const spans = [missionSpan(before), missionSpan(mission)];
  const soonest = Math.min(...spans.map((s) => s.start.getTime()));
  const over = Math.max(...spans.map((s) => s.end.getTime()));
  const cancelled = mission.status === 'cancelled';
  return [
    {
      workerId: worker.id,
      kind: cancelled ? 'missionCancelled' : 'missionChanged',
      about: `mission:${mission.id}`,
      params: { reference: mission.reference, job: mission.job, date: mission.date, start: mission.start, end: mission.end, place: mission.short_location },
      link: '/planning',
      expiresAt: new Date(over),
      urgent: soonest - now.getTime() < URGENT_CHANGE_WINDOW_MS && over > now.getTime(),
    },
  ];
}

export function hoursRecordedEvent(worker: Worker, day: HoursDay): NotificationEvent[] {
  return [
    {
      workerId: worker.id,
      kind: 'hoursRecorded',
      about: `hours:${day.mission}`,
      params: { reference: day.reference, date: day.date, confirmBy: day.confirmBy },
      link: '/hours',
      expiresAt: new Date(day.confirmBy),
      urgent: false,
    },
  ];
}

export const signatureEvent = (worker: Worker, validated: boolean, now: Date): NotificationEvent[] => [
  {
    workerId: worker.id,
    kind: validated ? 'signatureValidated' : 'signatureRejected',
    about: `signature:${worker.id}`,
    params: {},
    link: '/user/manage-signature',
    expiresAt: new Date(now.getTime() + ACCOUNT_NEWS_MS),
    urgent: false,
  },
];

export const detailsApprovedEvent = (worker: Worker, now: Date): NotificationEvent[] => [
  {
    workerId: worker.id,
    kind: 'detailsApproved',
    about: `details:${worker.id}`,
    params: {},
    link: '/home',
    expiresAt: new Date(now.getTime() + ACCOUNT_NEWS_MS),
    urgent: false,
  },
];

/** A reply of the agency: it matters for a week (the conversation keeps it after); about its conversation. */
export const conversationReplyEvent = (workerId: string, conversation: { id: string; reference: string | null }, now: Date): NotificationEvent[] => [
  {
    workerId,
    kind: 'conversationReply',
    about: `conversation:${conversation.id}`,
    params: { reference: conversation.reference ?? '' },
    link: `/conversations/${conversation.id}`,
    expiresAt: new Date(now.getTime() + REPLY_NEWS_MS),
    urgent: false,
  },
];

export const testEvent = (worker: Worker, now: Date): NotificationEvent[] => [
  {
    workerId: worker.id,
    kind: 'test',
    about: `test:${worker.id}`,
    params: {},
    link: '/notifications',
    expiresAt: new Date(now.getTime() + TEST_MS),
    urgent: false,
  },
];
