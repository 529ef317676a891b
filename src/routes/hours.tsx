import { useCallback, useMemo } from 'react';
import { Link, createFileRoute, useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import type { HoursDayActor } from '../../machines/hours-day.selectors.ts';
import { createHoursDayLogic, createHoursSelectionLogic } from '../actors/hours.ts';
import type { Api } from '../api/client.ts';
import { HoursScreen } from '../features/hours/hours-screen.tsx';
import { previousPeriodEnd } from '../features/hours/period.ts';
import { useLocale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';
import { useHoursActors } from './-hours-actors.ts';

/** `?to=YYYY-MM-DD`: the last day of the period shown (four weeks); absent, the latest weeks. Anything else is ignored. */
const hoursSearch = v.object({
  to: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined)),
    ),
  ),
});

/** The days and the summary read together (no waterfall); each null when it could not be read (the client said why). */
const loadHours = (api: Api, to: string | undefined) =>
  Promise.all([
    api.unwrap(api.client.GET('/user/me/hours', { params: { query: to ? { to } : {} } })).catch(() => null),
    api.unwrap(api.client.GET('/user/me/hours/summary')).catch(() => null),
  ]).then(([days, summary]) => ({ days, summary, to }));

export const Route = createFileRoute('/hours')({
  validateSearch: hoursSearch,
  loaderDeps: ({ search }) => ({ to: search.to }),
  loader: ({ context, deps }) => loadHours(context.api, deps.to),
  // The loader goes with the screen's chunk: nothing of it in the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: HoursRoute,
});

function HoursRoute() {
  useLocale();
  const { api } = Route.useRouteContext();
  const { days, summary, to } = Route.useLoaderData();
  const router = useRouter();
  const reload = useCallback(() => void router.invalidate(), [router]);
  const dayLogic = useMemo(() => createHoursDayLogic(api), [api]);
  // A confirmation of several days tells each day's actor, found by mission (src/actors/hours.ts).
  const selectionLogic = useCallback((dayActors: ReadonlyMap<string, HoursDayActor>) => createHoursSelectionLogic({ api, dayActors, reload }), [api, reload]);
  const { selection, dayActor } = useHoursActors({ days, dayLogic, selectionLogic });
  const earlier = days ? previousPeriodEnd(days, to) : null;
  return (
    <HoursScreen
      selection={selection}
      dayActor={dayActor}
      days={days}
      summary={summary}
      reload={reload}
      periodLinks={
        <p>
          {earlier ? (
            <Link to="/hours" search={{ to: earlier }}>
              {m.hours_earlier()}
            </Link>
          ) : null}{' '}
          {to ? <Link to="/hours">{m.hours_latest()}</Link> : null}
        </p>
      }
    />
  );
}
