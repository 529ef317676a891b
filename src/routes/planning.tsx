import { useMemo } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { FeedStatus } from '../../machines/calendar-feed.machine.ts';
import { browserClipboard, createCalendarFeedLogic } from '../actors/calendar-feed.ts';
import type { Api } from '../api/client.ts';
import { devInspect } from '../dev/inspector.ts';
import { CalendarFeedPanel } from '../features/planning/calendar-feed-panel.tsx';
import { PlanningScreen } from '../features/planning/planning-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { toasts } from '../ui/toast-store.ts';

/**
 * The whole planning (spec §7 `?complete=1`) and the state of the calendar feed, read together (no waterfall, and
 * the feed's panel shows its state in the first paint); each null when it could not be read (the client already
 * said why).
 */
const loadPlanning = (api: Api) =>
  Promise.all([
    api.unwrap(api.client.GET('/user/me/upcoming-planning', { params: { query: { complete: 1 } } })).catch(() => null),
    api.unwrap(api.client.GET('/user/me/calendar-feed')).catch((): FeedStatus | null => null),
  ]).then(([items, feed]) => ({ items, feed }));

export const Route = createFileRoute('/planning')({
  loader: ({ context }) => loadPlanning(context.api),
  // The loader goes with the screen's chunk: nothing of it in the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: PlanningRoute,
});

function PlanningRoute() {
  useLocale();
  const { api } = Route.useRouteContext();
  const { items, feed } = Route.useLoaderData();
  const router = useRouter();
  const logic = useMemo(() => createCalendarFeedLogic({ api, toasts, writeClipboard: browserClipboard }), [api]);
  // The feed's state is read once, when the actor starts; from then on the machine owns it.
  const calendarFeed = useActorRef(logic, { input: { status: feed }, ...devInspect });
  return (
    <PlanningScreen
      items={items}
      downloads={api.downloads}
      onRetry={() => void router.invalidate()}
      calendarFeed={<CalendarFeedPanel actor={calendarFeed} />}
    />
  );
}
