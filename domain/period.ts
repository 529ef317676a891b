/**
 * The period of the worked-days attest and the C4 (spec §5): start and end dates, both required, start on or
 * before end (the server answers 422 `validation_periodOrder` on `end` otherwise); by default from the first day
 * of the previous month to today. Days are the agency's (Brussels), as YYYY-MM-DD.
 */
import * as v from 'valibot';
import { isCalendarDay } from './calendar-day.ts';
import { V } from './validation-keys.ts';

// Apart, without valibot: the entry reads it before the first paint (src/early-calls.ts).
export { brusselsToday } from './brussels-day.ts';

export type Period = { start: string; end: string };

/** First day of the previous month → today (spec §5 defaults). */
export function defaultPeriod(today: string): Period {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return { start: `${previous.year}-${String(previous.month).padStart(2, '0')}-01`, end: today };
}

const day = v.pipe(v.string(V.required), v.trim(), v.nonEmpty(V.required), v.check(isCalendarDay, V.date));

export const periodForm = v.pipe(
  v.object({ start: day, end: day }),
  v.forward(
    v.partialCheck([['start'], ['end']], (p) => p.start <= p.end, V.periodOrder),
    ['end'],
  ),
);
