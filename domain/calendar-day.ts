/**
 * A calendar day as the portal accepts it, YYYY-MM-DD: a day that exists, between 1900-01-01 and 2199-12-31. A
 * birth date, a mission, a period for an attest: nothing the portal handles lies outside, and a year such as 0000
 * or 9999 is a typing slip or a probe, not a day to store or to print on a document. The contract's `IsoDate`
 * (openapi.yaml) says the same with a pattern; tests/domain/calendar-day.test.ts keeps the two in step.
 */

export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2199-12-31';

const SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a day that exists (2025-02-30 does not), within FIRST_DAY..LAST_DAY. */
export function isCalendarDay(text: string): boolean {
  if (!SHAPE.test(text) || text < FIRST_DAY || text > LAST_DAY) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
