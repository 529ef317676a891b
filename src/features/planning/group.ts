/** The planning list grouped by day: upcoming days first (earliest first), then past days (latest first). */
import type { PlanningItem } from '../../api/schema.ts';

export type PlanningDay = { date: string; items: PlanningItem[] };

/** Today in Brussels as YYYY-MM-DD. */
export const todayInBrussels = (now: Date = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(now);

function byDay(items: readonly PlanningItem[]): PlanningDay[] {
  const days = new Map<string, PlanningItem[]>();
  for (const item of [...items].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start))) {
    days.set(item.date, [...(days.get(item.date) ?? []), item]);
  }
  return [...days].map(([date, list]) => ({ date, items: list }));
}

export function groupPlanning(items: readonly PlanningItem[], today: string): { upcoming: PlanningDay[]; past: PlanningDay[] } {
  const days = byDay(items);
  return { upcoming: days.filter((d) => d.date >= today), past: days.filter((d) => d.date < today).reverse() };
}

/** "vendredi 5 juin 2026" from "2026-06-05". */
export function dayTitle(date: string, locale: 'fr' | 'nl'): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(locale === 'nl' ? 'nl-BE' : 'fr-BE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, month! - 1, day!)),
  );
}
