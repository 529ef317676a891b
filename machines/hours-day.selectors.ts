/** What a recorded day's card reads from its snapshot (views never re-derive these rules). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { hoursDayMachine } from './hours-day.machine.ts';
import type { FieldError, HoursDay } from '#domain/api-schema.ts';
import type { ContestDraft } from './hours.types.ts';

/** One listed day's actor: the route starts it, the day's card reads it (docs/decisions/171-actors-start-in-routes.md). */
export type HoursDayActor = ActorRefFrom<typeof hoursDayMachine>;
export type HoursDaySnapshot = SnapshotFrom<typeof hoursDayMachine>;

/**
 * Which actor shows a listed day: the machine reads its input once, so the same mission read again with other hours
 * or another status is a new actor (and a new card), which starts from the server's word.
 */
export const dayActorKey = (day: HoursDay): string => `${day.mission}:${day.version}:${day.status}`;
/** The day's status as the card shows it (a day being confirmed or read again is still what it was). */
export type HoursDayView = 'toConfirm' | 'confirmed' | 'autoConfirmed' | 'contested' | 'resolved' | 'unknown';

export function dayView(s: HoursDaySnapshot): HoursDayView {
  if (s.matches('toConfirm') || s.matches('confirming') || s.matches('contesting')) return 'toConfirm';
  if (s.matches('confirmed')) return 'confirmed';
  if (s.matches('autoConfirmed')) return 'autoConfirmed';
  if (s.matches('contested')) return 'contested';
  if (s.matches('resolved')) return 'resolved';
  return 'unknown';
}

export const dayOf = (s: HoursDaySnapshot): HoursDay => s.context.day;
export const isBusy = (s: HoursDaySnapshot): boolean => s.hasTag('busy');
/** The day may be ticked to confirm it with others. */
export const isSelectable = (s: HoursDaySnapshot): boolean => s.hasTag('selectable');
export const canConfirm = (s: HoursDaySnapshot): boolean => s.can({ type: 'day.confirm' });
export const canContest = (s: HoursDaySnapshot): boolean => s.can({ type: 'day.contest' });
export const isConfirming = (s: HoursDaySnapshot): boolean => s.matches('confirming');

/** The contest form is open (editing, being sent, or after a failed send). */
export const formOpen = (s: HoursDaySnapshot): boolean => s.matches('contesting');
export const isSaving = (s: HoursDaySnapshot): boolean => s.matches({ contesting: 'saving' });
export const canCancelContest = (s: HoursDaySnapshot): boolean => s.can({ type: 'contest.cancel' });

/** The form's values: what the worker last sent (after a failure or a refusal), else the client's hours. */
export function formStart(s: HoursDaySnapshot): ContestDraft {
  if (s.context.draft) return s.context.draft;
  const { start, end, breakMinutes } = s.context.day.recorded;
  return { start, end, breakMinutes, reason: '' };
}
export const fieldErrors = (s: HoursDaySnapshot): FieldError[] => s.context.fieldErrors;

/** Which call just failed, if any (the day is as it was; try again). */
export function failure(s: HoursDaySnapshot): 'confirm' | 'contest' | 'load' | null {
  if (s.matches({ toConfirm: 'confirmFailed' })) return 'confirm';
  if (s.matches({ contesting: 'saveFailed' })) return 'contest';
  if (s.matches('loadFailed')) return 'load';
  return null;
}
