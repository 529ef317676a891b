import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { createMailRequestLogic } from '../actors/auth.ts';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { HomeSummary } from '../features/home/home-summary.tsx';
import { useLocale } from '../i18n/locale.ts';
import { useAuthDeps } from './-auth.ts';
import { loadHomeSummary } from './-home-summary.ts';

export const Route = createFileRoute('/home')({
  loader: ({ context }) => loadHomeSummary(context),
  // The loader goes with the screen's chunk: nothing of it in the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: HomeRoute,
});

function HomeRoute() {
  useLocale();
  const { session } = Route.useRouteContext();
  const deps = useAuthDeps();
  const mailLogic = useMemo(() => createMailRequestLogic(deps), [deps]);
  return (
    <HomeScreen session={session} mailLogic={mailLogic}>
      <HomeSummary session={session} data={Route.useLoaderData()} />
    </HomeScreen>
  );
}
