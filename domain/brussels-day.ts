/**
 * The calendar day of an instant as the agency sees it (Brussels), YYYY-MM-DD: "today" for the screens and the server
 * alike. Without valibot, and its formatter made on first use: the entry reads it before the first paint
 * (src/early-calls.ts), and a module's top level runs even when nothing calls it.
 */
let brusselsDay: Intl.DateTimeFormat | undefined;
export const brusselsToday = (now: Date = new Date()): string =>
  (brusselsDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' })).format(now);
