/** The planning list grouped by day: upcoming days first (earliest first), then past days (latest first). */
import type { MissionFieldChange, PlanningItem } from '#domain/api-schema.ts';
import { formatDay } from '../../i18n/dates.ts';
import { m } from '../../paraglide/messages.js';

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

const FIELD: Record<MissionFieldChange['field'], () => string> = {
  date: m.planning_fieldDate,
  start: m.planning_fieldStart,
  end: m.planning_fieldEnd,
  shortLocation: m.planning_fieldShortLocation,
  location1: m.planning_fieldLocation1,
  location2: m.planning_fieldLocation2,
  status: m.planning_cancelledBadge,
};

/** "date : jeudi 10 févr. → vendredi 12 févr.", "début : 09:00 → 10:00", an emptied place as "(vide)". */
export function changeText(change: MissionFieldChange, locale: 'fr' | 'nl'): string {
  const shown = (value: string) =>
    value === '' ? m.planning_emptyValue() : change.field === 'date' ? formatDay(locale, value, { weekday: 'short', day: 'numeric', month: 'short' }) : value;
  return m.planning_changeLine({ field: FIELD[change.field](), from: shown(change.from), to: shown(change.to) });
}
