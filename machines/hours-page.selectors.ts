/** What the hours page reads from its snapshot: the days, each day's actor, the selection's actor, and the list's state. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { HoursDay } from '#domain/api-schema.ts';
import type { HoursDayActor } from './hours-day.selectors.ts';
import { dayActorId, type hoursPageMachine } from './hours-page.machine.ts';
import type { HoursSelectionActor } from './hours-selection.selectors.ts';

/** The page's actor: the route starts it with the app's calls (docs/decisions/171-actors-start-in-routes.md). */
export type HoursPageActor = ActorRefFrom<typeof hoursPageMachine>;
export type HoursPageSnapshot = SnapshotFrom<typeof hoursPageMachine>;

/** The days listed (as last read), or null when they could not be read at all. */
export const listedDays = (s: HoursPageSnapshot): HoursDay[] | null => s.context.days;
/** The actor that shows a listed day (the key of its card too: a new actor is a new card). */
export const dayActorOf = (s: HoursPageSnapshot, day: HoursDay): HoursDayActor | undefined => s.children[dayActorId(day)];
export const dayKey = dayActorId;
/** The days ticked to confirm together. */
export const selectionOf = (s: HoursPageSnapshot): HoursSelectionActor | undefined => s.children.selection;
/** The days could not be read (or read again): the page offers to try again. */
export const listFailed = (s: HoursPageSnapshot): boolean => s.matches('failed');
export const listReading = (s: HoursPageSnapshot): boolean => s.hasTag('busy');
