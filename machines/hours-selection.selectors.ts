/** What the hours page's selection bar and tick boxes read from the selection's snapshot. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { hoursSelectionMachine } from './hours-selection.machine.ts';

/** The page's selection actor: the route starts it, the page reads it (docs/decisions/171-actors-start-in-routes.md). */
export type HoursSelectionActor = ActorRefFrom<typeof hoursSelectionMachine>;
export type HoursSelectionSnapshot = SnapshotFrom<typeof hoursSelectionMachine>;

export const selectedCount = (s: HoursSelectionSnapshot): number => s.context.selected.length;
export const isTicked = (s: HoursSelectionSnapshot, mission: string): boolean => s.context.selected.some((d) => d.mission === mission);
/** Ticking is closed while the ticked days are being confirmed. */
export const canTick = (s: HoursSelectionSnapshot): boolean => !s.hasTag('busy');
export const canConfirmSelection = (s: HoursSelectionSnapshot): boolean => s.can({ type: 'selection.confirm' });
export const isConfirmingSelection = (s: HoursSelectionSnapshot): boolean => s.hasTag('busy');
/** How many days the last confirmation confirmed (0 once a day is ticked again). */
export const lastConfirmedCount = (s: HoursSelectionSnapshot): number => s.context.lastConfirmed.length;
export const selectionFailed = (s: HoursSelectionSnapshot): boolean => s.matches({ choosing: 'failed' });
/** Nothing was confirmed: a ticked day had changed; the list shows them as they are now. */
export const selectionStale = (s: HoursSelectionSnapshot): boolean => s.matches('stale');
