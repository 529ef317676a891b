/** What the availability views read from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { availabilityMachine } from './availability.machine.ts';
import { monthEdits, type AvailabilityEdit, type AvailabilityMonth, type AvailabilityWeek, type Slot, type YearMonth } from './availability.types.ts';
import { daysOfWeek, isPastDay, slotFilled as filledSlot } from './availability.shortcuts.ts';

export type AvailabilityActor = ActorRefFrom<typeof availabilityMachine>;
export type AvailabilitySnapshot = SnapshotFrom<typeof availabilityMachine>;

export const shownMonth = (s: AvailabilitySnapshot): YearMonth => ({ year: s.context.year, month: s.context.month });
/** The weeks of the grid, or null while the month is not loaded. */
export const weeks = (s: AvailabilitySnapshot): AvailabilityWeek[] | null => s.context.data?.weeks ?? null;
export const loadFailed = (s: AvailabilitySnapshot): boolean => s.matches({ browsing: 'loadFailed' });
/** Which dialog is open (it stays open, under the overlay, while saving). */
export const openDialog = (s: AvailabilitySnapshot): 'day' | 'month' | null => (s.hasTag('dialogOpen') ? s.context.dialog : null);
export const dialogEdits = (s: AvailabilitySnapshot): AvailabilityEdit[] => s.context.edits;
const editorOpening = new WeakMap<AvailabilityMonth, AvailabilityEdit[]>();
const NO_EDITS: AvailabilityEdit[] = [];
/**
 * What the month editor shows: its edits while it is open; otherwise the edits it would open with now (the loaded
 * month; none before it is read), the same array for the same loaded month. The view prepares the closed editor
 * from these, so that opening it only shows it (docs/decisions/091-native-controls-over-scripted-widgets.md).
 */
export const monthEditorEdits = (s: AvailabilitySnapshot): AvailabilityEdit[] => {
  if (openDialog(s) === 'month') return s.context.edits;
  const data = s.context.data;
  if (!data) return NO_EDITS;
  let edits = editorOpening.get(data);
  if (!edits) {
    edits = monthEdits(data);
    editorOpening.set(data, edits);
  }
  return edits;
};
export const saveFailed = (s: AvailabilitySnapshot): boolean => s.matches({ editing: 'saveFailed' });
export const canEditDay = (s: AvailabilitySnapshot, day: number): boolean => s.can({ type: 'availability.editDay', day });
export const canGoPrevious = (s: AvailabilitySnapshot): boolean => s.can({ type: 'availability.previousMonth' });
export const canGoNext = (s: AvailabilitySnapshot): boolean => s.can({ type: 'availability.nextMonth' });
/** The ISO time of the last save of this month, for the "saved" message (§2); null when none. */
export const savedAt = (s: AvailabilitySnapshot): string | null => (s.matches({ browsing: 'viewing' }) ? s.context.savedAt : null);
export const canEditMonth = (s: AvailabilitySnapshot): boolean => s.can({ type: 'availability.editMonth' });
/** Saving then reloading (the dialog stays open under the overlay; its Save button says it is busy). */
export const isPersisting = (s: AvailabilitySnapshot): boolean => s.matches('persisting');
/** Reading a month (first load, a move, a retry): the grid waits, even if an older month is still in context. */
export const isLoadingMonth = (s: AvailabilitySnapshot): boolean => s.matches({ browsing: 'loading' });

/** Today's ISO day as the machine was given it (null when unknown): the grid marks it, and days before it as past. */
export const today = (s: AvailabilitySnapshot): string | null => s.context.today;
/** A day of the month shown that is before today. */
export const isPast = (s: AvailabilitySnapshot, day: number): boolean => isPastDay(shownMonth(s), day, s.context.today);
/** The month editor's shortcuts (docs/decisions/138-availability-today-past-and-shortcuts.md): what they may do now, and whether "every <slot>" is already set (it then clears). */
export const canFillSlot = (s: AvailabilitySnapshot, slot: Slot): boolean => s.can({ type: 'availability.fillSlot', slot });
export const canFillWeek = (s: AvailabilitySnapshot, weekNumber: number): boolean => s.can({ type: 'availability.fillWeek', weekNumber });
export const slotFilled = (s: AvailabilitySnapshot, slot: Slot): boolean => filledSlot(s.context.edits, slot, { month: shownMonth(s), today: s.context.today });
/** Every open day of the week has its three slots set (the week's shortcut then clears them). */
export const weekFilled = (s: AvailabilitySnapshot, weekNumber: number): boolean => {
  const open = daysOfWeek(s.context.data, weekNumber).filter((day) => !isPast(s, day));
  return open.length > 0 && s.context.edits.filter((e) => open.includes(e.day)).every((e) => e.morning && e.afternoon && e.evening);
};
export const canCopyPreviousMonth = (s: AvailabilitySnapshot): boolean =>
  s.can({ type: 'availability.copyPreviousMonth' }) && !s.matches({ editing: 'copying' });
export const isCopying = (s: AvailabilitySnapshot): boolean => s.matches({ editing: 'copying' });
export const copyFailed = (s: AvailabilitySnapshot): boolean => s.matches({ editing: 'copyFailed' });
