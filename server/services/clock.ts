/**
 * Calendar arithmetic on YYYY-MM-DD days. Which day an instant falls on in Brussels is domain/period.ts
 * brusselsToday, shared with the screens.
 */

/** Adds days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** dd/mm/yyyy, as Belgian documents print dates. */
export const printedDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
