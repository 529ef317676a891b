import { useMemo } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { createHoursPageLogic, readHoursDays } from '../actors/hours.ts';
import type { Api } from '../api/client.ts';
import { appClock } from '../clock.ts';
import { devInspect } from '../dev/inspector.ts';
import { HoursScreen } from '../features/hours/hours-screen.tsx';
import { previousPeriodEnd } from '../features/hours/period.ts';
import { useLocale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';
import { loaderAnswerKey } from '../kept/loader-answer-key.ts';

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
  Promise.all([readHoursDays(api, to ?? null).catch(() => null), api.unwrap(api.client.GET('/user/me/hours/summary')).catch(() => null)]).then(
    ([days, summary]) => ({ days, summary, to }),
  );

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
  const answer = Route.useLoaderData();
  const { to } = answer;
  // The page's machine reads its input once: another period is another page (and another actor), and so are the days
  // read again when a fresh answer replaced the kept copy shown (loader-answer-key.ts).
  return <HoursPage key={`${to ?? 'latest'}:${loaderAnswerKey(answer)}`} />;
}

function HoursPage() {
  const { api } = Route.useRouteContext();
  const { days, summary, to } = Route.useLoaderData();
  const logic = useMemo(() => createHoursPageLogic(api), [api]);
  // The days' deadlines run on the app's clock, which the page's children share (decision 225).
  const page = useActorRef(logic, { input: { days, to: to ?? null }, clock: appClock, ...devInspect });
  const earlier = days ? previousPeriodEnd(days, to) : null;
  return (
    <HoursScreen
      page={page}
      summary={summary}
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
