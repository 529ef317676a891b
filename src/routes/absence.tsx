import { useEffect, useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import type { AbsenceReportInput } from '../../machines/absence-report.types.ts';
import { missionEnded } from '#domain/absence.ts';
import { createAbsenceReportLogic } from '../actors/absence-report.ts';
import type { ImagePreparer } from '../actors/image-prepare.ts';
import type { Api } from '../api/client.ts';
import { appClock } from '../clock.ts';
import { devInspect } from '../dev/inspector.ts';
import { AbsenceScreen } from '../features/absence/absence-screen.tsx';
import { AbsenceUnavailable } from '../features/absence/absence-unavailable.tsx';
import { useLocale } from '../i18n/locale.ts';
import { tokenParam } from './-search.ts';
import { loaderAnswerKey } from '../kept/loader-answer-key.ts';

/** `/absence?mission=<id>`: "I can't come" for one mission of the worker's planning (its access: machines/page-access.ts). */
const absenceSearch = v.object({ mission: v.optional(tokenParam) });

type Unavailable = 'unknown' | 'ended' | 'cancelled';

/**
 * The mission from the planning, and its standing report from the worker's reports, read together (no waterfall):
 * `unknown` when the planning has no such mission, `ended` or `cancelled` when there is nothing left to report (said
 * before any form, as the server would refuse the report: domain/absence.ts), null when it could not be read (the
 * client already said why). A report that stands shows its receipt whatever became of the mission.
 */
async function loadAbsence(api: Api, missionId: string | undefined): Promise<AbsenceReportInput | Unavailable | null> {
  if (!missionId) return 'unknown';
  const [items, reports] = await Promise.all([
    api.unwrap(api.client.GET('/user/me/upcoming-planning', { params: { query: { complete: 1 } } })).catch(() => null),
    api.unwrap(api.client.GET('/user/me/absences')).catch(() => null),
  ]);
  if (items === null) return null;
  const item = items.find((i) => i.mission === missionId);
  if (!item) return 'unknown';
  const standing = item.absence
    ? (reports?.find((r) => r.id === item.absence!.report) ??
      (await api.unwrap(api.client.GET('/user/me/absences/{report}', { params: { path: { report: item.absence.report } } })).catch(() => null)))
    : null;
  if (item.absence && !standing) return null;
  if (!standing && item.status === 'cancelled') return 'cancelled';
  if (!standing && missionEnded(item, new Date(appClock.now()))) return 'ended';
  return {
    mission: { mission: item.mission, reference: item.reference, date: item.date, start: item.start, end: item.end, shortLocation: item.shortLocation },
    report: standing,
  };
}

export const Route = createFileRoute('/absence')({
  validateSearch: absenceSearch,
  loaderDeps: ({ search }) => ({ mission: search.mission }),
  loader: ({ context, deps }) => loadAbsence(context.api, deps.mission),
  // The report changes on this very page: coming back must show it as the server has it now, never a copy kept from
  // the last visit (which the router would show first while it reads again).
  gcTime: 0,
  // The loader goes with the screen's chunk: nothing of it in the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: AbsenceRoute,
});

function AbsenceRoute() {
  useLocale();
  const { api } = Route.useRouteContext();
  const input = Route.useLoaderData();
  if (input === null || typeof input === 'string') return <AbsenceUnavailable reason={input ?? 'loadFailed'} />;
  // A new actor for another mission or another state of its report, or when a fresh answer replaced the kept copy
  // shown (loader-answer-key.ts): the machine reads its input once.
  return (
    <AbsenceFlow
      key={`${input.mission.mission}:${input.report?.id ?? 'new'}:${input.report?.status ?? ''}:${loaderAnswerKey(input)}`}
      api={api}
      input={input}
    />
  );
}

function AbsenceFlow({ api, input }: { api: Api; input: AbsenceReportInput }) {
  // The image preparation is loaded with the first photo chosen, not with the route (§7), and ends with the visit.
  const preparation = useMemo(() => {
    let started: Promise<ImagePreparer> | null = null;
    return {
      get: () => (started ??= import('../actors/image-prepare.ts').then((module) => module.createImagePreparer())),
      dispose: () => void started?.then((preparer) => preparer.dispose()),
    };
  }, []);
  useEffect(() => preparation.dispose, [preparation]);
  const logic = useMemo(() => createAbsenceReportLogic({ api, preparer: preparation.get }), [api, preparation]);
  const actor = useActorRef(logic, { input, ...devInspect });
  return <AbsenceScreen actor={actor} />;
}
