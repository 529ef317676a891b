/**
 * The worker's recorded days (tag hours, docs/decisions/195-hours-worked.md): list them, confirm one or several,
 * contest one. The rules live in services/hours*.ts; this reads the input and answers.
 */
import * as v from 'valibot';
import type { HoursDay, HoursSummary } from '#domain/api-schema.ts';
import { contestRules } from '#domain/hours.ts';
import { brusselsToday } from '#domain/period.ts';
import { V } from '#domain/validation-keys.ts';
import { hoursWindow, studentQuotas, type Config } from '../config.ts';
import { addDays } from '../services/clock.ts';
import { confirmDays, contestDay, type HoursOutcome } from '../services/hours-changes.ts';
import { dayView, hoursRows, oldestOpenDay } from '../services/hours.ts';
import { hoursSummary } from '../services/hours-summary.ts';
import { ApiFailure, assertDistinct, notFound } from './errors.ts';
import { approvedAccount, me } from './guards.ts';
import { issuesFromValibot } from './issues.ts';
import type { Operations } from './operation.ts';

/** The list's default period: four weeks back from `to`. */
const DEFAULT_WEEKS = 4;

/**
 * A refusal as the contract says it: 404 when the day is not the worker's, 409 with the reason otherwise; a day
 * confirmed automatically says after how long (HOURS_CONFIRM_HOURS, 48 by default).
 */
export function refuse(outcome: Exclude<HoursOutcome, { kind: 'done' }>, config: Config): never {
  if (outcome.kind === 'notFound') throw notFound();
  const params: Record<string, number> = outcome.code === 'hours_auto_confirmed' ? { hours: Math.round(hoursWindow(config) / 36_000) / 100 } : {};
  throw new ApiFailure(409, outcome.code, [], {}, params);
}

export const hoursOperations = {
  getHours: {
    guard: approvedAccount,
    rules: ({ query }) => (query.from && query.to && query.from > query.to ? [{ path: 'to', key: V.periodOrder }] : []),
    async handle(req) {
      const { db } = req.deps;
      const worker = me(req);
      const to = req.query.to ?? brusselsToday(req.now);
      let from = req.query.from;
      if (!from) {
        const open = await oldestOpenDay(db, worker.id, req.now);
        from = addDays(to, -7 * DEFAULT_WEEKS + 1);
        if (open && open < from) from = open;
      }
      const rows = await hoursRows(db, worker.id, { from, to });
      return req.c.json<HoursDay[]>(rows.map((row) => dayView(row, req.now)));
    },
  },
  getHoursSummary: {
    guard: approvedAccount,
    async handle(req) {
      const year = Number(brusselsToday(req.now).slice(0, 4));
      const settings = { quotas: studentQuotas(req.deps.config), windowMs: hoursWindow(req.deps.config) };
      return req.c.json<HoursSummary>(await hoursSummary(req.deps.db, me(req), req.now, settings, year));
    },
  },
  confirmHours: {
    guard: approvedAccount,
    async handle(req) {
      const { days } = req.body;
      assertDistinct(days, (d) => d.mission);
      const outcome = await confirmDays(req.deps.db, me(req), days, req.now);
      if (outcome.kind !== 'done') refuse(outcome, req.deps.config);
      return req.c.json<HoursDay[]>(outcome.days);
    },
  },
  contestHours: {
    guard: approvedAccount,
    rules: ({ body }) => issuesFromValibot(v.safeParse(contestRules, body).issues, (p) => p[0] ?? ''),
    async handle(req) {
      const outcome = await contestDay(req.deps.db, me(req), req.params.mission, req.body, req.now);
      if (outcome.kind !== 'done') refuse(outcome, req.deps.config);
      return req.c.json<HoursDay>(outcome.day);
    },
  },
} satisfies Partial<Operations>;
