import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { Api } from '../api/client.ts';
import { PlanningScreen } from '../features/planning/planning-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { applyAccountRule } from './-account-access.ts';

/** The whole planning (spec §7 `?complete=1`); null when it could not be read (the client already said why). */
const loadPlanning = (api: Api) =>
  api.unwrap(api.client.GET('/user/me/upcoming-planning', { params: { query: { complete: 1 } } })).then(
    (items) => ({ items }),
    () => ({ items: null }),
  );

export const Route = createFileRoute('/planning')({
  beforeLoad: ({ context, location, preload }) => applyAccountRule(context, location.pathname, preload),
  loader: ({ context }) => loadPlanning(context.api),
  // The loader goes with the screen's chunk: nothing of it in the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: PlanningRoute,
});

function PlanningRoute() {
  useLocale();
  const { api } = Route.useRouteContext();
  const { items } = Route.useLoaderData();
  const router = useRouter();
  return <PlanningScreen items={items} downloads={api.downloads} onRetry={() => void router.invalidate()} />;
}
