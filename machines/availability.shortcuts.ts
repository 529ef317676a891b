/**
 * The month editor's shortcuts (docs/decisions/138-availability-today-past-and-shortcuts.md), pure, on the open dialog's edits: fill a whole week, every morning /
 * afternoon / evening of the month, or copy the previous month. Past days (before `today`) are left as they are:
 * a shortcut plans what is ahead. Nothing here saves: the edits wait for Save, like the worker's own ticks.
 *
 * Fill = set the slots on every open day of the week (or of the month, for one slot); when they are all set
 * already, the same shortcut clears them, so a shortcut pressed by mistake is undone by pressing it again.
 */
import { AVAILABILITY_SLOTS as SLOTS } from '#domain/constants.ts';
import { daysOf, type AvailabilityEdit, type AvailabilityMonth, type Slot, type YearMonth } from './availability.types.ts';

const isoDay = ({ year, month }: YearMonth, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A day of `month` before `today` (ISO day); never when today is not known. */
export const isPastDay = (month: YearMonth, day: number, today: string | null): boolean => today !== null && isoDay(month, day) < today;

type Where = { month: YearMonth; today: string | null };
/** The month and today of the machine's context, as the shortcuts take them. */
export const where = (context: YearMonth & { today: string | null }): Where => ({ month: { year: context.year, month: context.month }, today: context.today });

/** Sets `slots` on the open days of `days` (the edits' days), or clears them when they are all set already. */
function fill(edits: AvailabilityEdit[], days: ReadonlySet<number>, slots: readonly Slot[], { month, today }: Where): AvailabilityEdit[] {
  const open = edits.filter((edit) => days.has(edit.day) && !isPastDay(month, edit.day, today));
  const value = !open.every((edit) => slots.every((slot) => edit[slot]));
  const touched = new Set(open.map((edit) => edit.day));
  return edits.map((edit) => (touched.has(edit.day) ? { ...edit, ...Object.fromEntries(slots.map((slot) => [slot, value])) } : edit));
}

/** The days of the loaded month's week `weekNumber` (none for a week it does not have). */
export const daysOfWeek = (data: AvailabilityMonth | null, weekNumber: number): number[] =>
  (data?.weeks.find((w) => w.weekNumber === weekNumber)?.days ?? []).map((d) => d.day).filter((day) => day >= 1);

export const fillWeek = (edits: AvailabilityEdit[], data: AvailabilityMonth | null, weekNumber: number, where: Where) =>
  fill(edits, new Set(daysOfWeek(data, weekNumber)), SLOTS, where);

export const fillSlot = (edits: AvailabilityEdit[], slot: Slot, where: Where) => fill(edits, new Set(edits.map((e) => e.day)), [slot], where);

/** Every open day of the month already has `slot` (the shortcut then clears it). */
export const slotFilled = (edits: AvailabilityEdit[], slot: Slot, where: Where): boolean =>
  edits.filter((edit) => !isPastDay(where.month, edit.day, where.today)).every((edit) => edit[slot]) &&
  edits.some((e) => !isPastDay(where.month, e.day, where.today));

/** Monday = 0 … Sunday = 6, from the day's place in its ISO week. */
function weekdays(data: AvailabilityMonth): Map<number, number> {
  return new Map(data.weeks.flatMap((w) => w.days.map((d, i) => [d.day, i] as const)).filter(([day]) => day >= 1));
}

/**
 * The previous month's week pattern on this month: each open day takes the slots of the same weekday with the
 * same rank in the previous month (the 2nd Tuesday from the 2nd Tuesday), or of its last such weekday when the
 * previous month has fewer (a 5th Friday). A worker's availability follows the week, not the date.
 */
export function copyMonth(edits: AvailabilityEdit[], data: AvailabilityMonth | null, previous: AvailabilityMonth, where: Where): AvailabilityEdit[] {
  if (!data) return edits;
  const here = weekdays(data);
  const before = weekdays(previous);
  const byWeekday = new Map<number, AvailabilityEdit[]>();
  for (const day of daysOf(previous)) byWeekday.set(before.get(day.day)!, [...(byWeekday.get(before.get(day.day)!) ?? []), day]);
  return edits.map((edit) => {
    const same = byWeekday.get(here.get(edit.day) ?? -1) ?? [];
    const source = same[Math.ceil(edit.day / 7) - 1] ?? same.at(-1);
    if (!source || isPastDay(where.month, edit.day, where.today)) return edit;
    return { day: edit.day, morning: source.morning, afternoon: source.afternoon, evening: source.evening };
  });
}
