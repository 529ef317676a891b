/** The planning list grouped by day: upcoming days first (earliest first), then past days (latest first). */
import type { PlanningItem } from '../../api/schema.ts';
import { formatDay } from '../../i18n/dates.ts';

export type PlanningDay = { date: string; items: PlanningItem[] };

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
  return formatDay(locale, date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}
