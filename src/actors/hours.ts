/**
 * The hours page's machine with the app's implementations (machines/hours-page.machine.ts, and its children
 * hours-day.machine.ts and hours-selection.machine.ts): the calls of openapi.yaml (tag hours) through the one API
 * client, so that the safe-retry mechanism covers them (a retry after a lost answer re-sends the same call with the
 * same key, decision 210).
 */
import { fromPromise } from 'xstate';
import type { HoursDay, HoursDayVersion } from '#domain/api-schema.ts';
import { hoursDayMachine } from '../../machines/hours-day.machine.ts';
import { hoursPageMachine, selectionForPage } from '../../machines/hours-page.machine.ts';
import type { ContestDraft } from '../../machines/hours.types.ts';
import type { Api } from '../api/client.ts';

const confirm = (api: Api, days: HoursDayVersion[], signal: AbortSignal) => api.unwrap(api.client.POST('/user/me/hours/confirm', { body: { days }, signal }));
const readDays = (api: Api, query: { from?: string; to?: string }, signal?: AbortSignal) =>
  api.unwrap(api.client.GET('/user/me/hours', { params: { query }, signal }));

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
        const day = (await readDays(api, { from: input.date, to: input.date }, signal)).find((d) => d.mission === input.mission);
        if (!day) throw new Error('the day is no longer listed');
        return day;
      }),
    },
  });
}

/** The days of a period (`?to=`, or the latest weeks): the page's read, and its read again after a refusal. */
export const readHoursDays = (api: Api, to: string | null, signal?: AbortSignal) => readDays(api, to ? { to } : {}, signal);

export function createHoursPageLogic(api: Api) {
  return hoursPageMachine.provide({
    actors: {
      hoursDay: createHoursDayLogic(api),
      hoursSelection: selectionForPage.provide({
        actors: { confirmDays: fromPromise<HoursDay[], { days: HoursDayVersion[] }>(({ input, signal }) => confirm(api, input.days, signal)) },
      }),
      loadDays: fromPromise<HoursDay[], { to: string | null }>(({ input, signal }) => readHoursDays(api, input.to, signal)),
    },
  });
}
