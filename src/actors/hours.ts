/**
 * The hours machines with the app's implementations (machines/hours-day.machine.ts, hours-selection.machine.ts):
 * the calls of openapi.yaml (tag hours) through the one API client, so that the safe-retry mechanism covers them
 * (a retry after a lost answer re-sends the same call with the same key, decision 210), and the two actions the
 * page supplies to the selection: tell each confirmed day's actor, read the list again after a refusal.
 */
import { fromPromise } from 'xstate';
import { hoursDayMachine } from '../../machines/hours-day.machine.ts';
import type { HoursDayActor } from '../../machines/hours-day.selectors.ts';
import { hoursSelectionMachine } from '../../machines/hours-selection.machine.ts';
import type { ContestDraft, HoursDay, HoursDayVersion } from '../../machines/hours.types.ts';
import type { Api } from '../api/client.ts';

const confirm = (api: Api, days: HoursDayVersion[], signal: AbortSignal) => api.unwrap(api.client.POST('/user/me/hours/confirm', { body: { days }, signal }));

export function createHoursDayLogic(api: Api) {
  return hoursDayMachine.provide({
    actors: {
      confirmDay: fromPromise<HoursDay, HoursDayVersion>(async ({ input, signal }) => (await confirm(api, [input], signal))[0]!),
      contestDay: fromPromise<HoursDay, { day: HoursDayVersion; draft: ContestDraft }>(({ input, signal }) =>
        api.unwrap(
          api.client.POST('/user/me/hours/{mission}/contest', {
            params: { path: { mission: input.day.mission } },
            body: { version: input.day.version, ...input.draft },
            signal,
          }),
        ),
      ),
      loadDay: fromPromise<HoursDay, { mission: string; date: string }>(async ({ input, signal }) => {
        const days = await api.unwrap(api.client.GET('/user/me/hours', { params: { query: { from: input.date, to: input.date } }, signal }));
        const day = days.find((d) => d.mission === input.mission);
        if (!day) throw new Error('the day is no longer listed');
        return day;
      }),
    },
  });
}

export type HoursSelectionDeps = {
  api: Api;
  /** The day actors on the page, by mission: a confirmation tells each of them. */
  dayActors: ReadonlyMap<string, HoursDayActor>;
  /** Reads the page's list again (the route's loader). */
  reload: () => void;
};

export function createHoursSelectionLogic({ api, dayActors, reload }: HoursSelectionDeps) {
  return hoursSelectionMachine.provide({
    actors: { confirmDays: fromPromise<HoursDay[], { days: HoursDayVersion[] }>(({ input, signal }) => confirm(api, input.days, signal)) },
    actions: {
      daysConfirmed: ({ event }) => {
        for (const day of (event as unknown as { output: HoursDay[] }).output) dayActors.get(day.mission)?.send({ type: 'day.confirmedWithOthers', day });
      },
      reloadDays: () => reload(),
    },
  });
}
