/**
 * Availabilities (one month as ISO weeks, Monday first; padding days carry day 0) and the planning.
 */
import type { AbsenceMark, AvailabilityDay, AvailabilityMonth, AvailabilityWeek, MissionLastChange, PlanningItem } from '#domain/api-schema.ts';
import { V } from '#domain/validation-keys.ts';
import { brusselsToday } from '#domain/period.ts';
import { absenceMarks } from '../services/absence-views.ts';
import { lastChanges } from '../services/mission-changes.ts';
import { missionsOf, type Mission } from '../services/missions.ts';
import { assertDistinct, type FieldIssue } from './errors.ts';
import { approvedAccount, me } from './guards.ts';
import type { Operations } from './operation.ts';

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** ISO 8601 week number of a UTC date: the week that holds its Thursday. */
export function isoWeek(date: Date): number {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  return 1 + Math.round((d.getTime() - firstThursday.getTime()) / 86_400_000 / 7 - 3 / 7 + ((firstThursday.getUTCDay() + 6) % 7) / 7);
}

export function monthWeeks(year: number, month: number, slots: Map<number, Omit<AvailabilityDay, 'day'>>): AvailabilityWeek[] {
  const last = daysInMonth(year, month);
  const mondayOffset = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const weeks: AvailabilityWeek[] = [];
  for (let monday = 1 - mondayOffset; monday <= last; monday += 7) {
    const days: AvailabilityDay[] = [];
    for (let i = 0; i < 7; i++) {
      const day = monday + i;
      const inMonth = day >= 1 && day <= last;
      const s = inMonth ? slots.get(day) : undefined;
      days.push({ day: inMonth ? day : 0, morning: s?.morning ?? false, afternoon: s?.afternoon ?? false, evening: s?.evening ?? false });
    }
    weeks.push({ weekNumber: isoWeek(new Date(Date.UTC(year, month - 1, monday))), days });
  }
  return weeks;
}

const monthStart = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

/** A planning item; a changed or cancelled mission carries its latest change (§13). */
export const planningItem = (m: Mission, lastChange: MissionLastChange | null = null, absence: AbsenceMark | null = null): PlanningItem => ({
  mission: m.id,
  date: m.date,
  start: m.start,
  end: m.end,
  shortLocation: m.short_location,
  location1: m.location1,
  location2: m.location2,
  reference: m.reference,
  briefing: m.briefing,
  status: m.status,
  lastChange,
  absence,
});

export const planningOperations = {
  getAvailabilities: {
    guard: approvedAccount,
    async handle(req) {
      const { year, month } = req.params;
      const rows = await req.deps.db.query<{ d: number; morning: boolean; afternoon: boolean; evening: boolean }>(
        `SELECT EXTRACT(DAY FROM day)::int AS d, morning, afternoon, evening FROM availabilities
         WHERE worker_id = $1 AND day >= $2::date AND day < ($2::date + interval '1 month')`,
        [me(req).id, monthStart(year, month)],
      );
      const slots = new Map(rows.map((r) => [r.d, { morning: r.morning, afternoon: r.afternoon, evening: r.evening }]));
      return req.c.json<AvailabilityMonth>({ year, month, weeks: monthWeeks(year, month, slots) });
    },
  },
  saveAvailabilities: {
    guard: approvedAccount,
    rules: ({ params, body }) => {
      assertDistinct(body, (edit) => edit.day);
      const last = daysInMonth(params.year, params.month);
      const issues: FieldIssue[] = [];
      body.forEach((edit, i) => {
        if (edit.day > last) issues.push({ path: `${i}.day`, key: V.dayOutsideMonth });
      });
      return issues;
    },
    async handle(req) {
      const { year, month } = req.params;
      const workerId = me(req).id;
      await req.deps.db.transaction(async (tx) => {
        for (const edit of req.body) {
          const day = `${monthStart(year, month).slice(0, 8)}${String(edit.day).padStart(2, '0')}`;
          await tx.query(
            `INSERT INTO availabilities (worker_id, day, morning, afternoon, evening) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (worker_id, day) DO UPDATE SET morning = EXCLUDED.morning, afternoon = EXCLUDED.afternoon, evening = EXCLUDED.evening`,
            [workerId, day, edit.morning, edit.afternoon, edit.evening],
          );
        }
      });
      return req.c.body(null, 204);
    },
  },
  getUpcomingPlanning: {
    guard: approvedAccount,
    async handle(req) {
      const complete = req.query.complete === 1;
      const workerId = me(req).id;
      // Cancelled missions stay in the planning, marked, with when and what changed.
      const missions = await missionsOf(req.deps.db, workerId, complete ? { cancelled: true } : { from: brusselsToday(req.now), cancelled: true });
      const changes = await lastChanges(req.deps.db, workerId);
      // The worker's own absence reports mark their missions (docs/decisions/200-absence-reports.md).
      const absences = await absenceMarks(req.deps.db, workerId, req.now);
      return req.c.json<PlanningItem[]>(missions.slice(0, 1000).map((m) => planningItem(m, changes.get(m.id) ?? null, absences.get(m.id) ?? null)));
    },
  },
} satisfies Partial<Operations>;
