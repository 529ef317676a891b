/** The hours page's periods: "earlier weeks" ends the day before the earliest day shown (four weeks before, when none). */
import type { HoursDay } from '#domain/api-schema.ts';
import { brusselsToday } from '#domain/period.ts';

const dayBefore = (date: string, days = 1): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

export function previousPeriodEnd(days: readonly Pick<HoursDay, 'date'>[], to: string | undefined, now: Date = new Date()): string {
  if (days.length === 0) return dayBefore(to ?? brusselsToday(now), 28);
  return dayBefore(days.map((d) => d.date).reduce((a, b) => (a < b ? a : b)));
}
