import { createFileRoute } from '@tanstack/react-router';
import { HomeSummary } from '../features/home/home-summary.tsx';
import { TitleScreen } from '../features/shell/title-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';
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
  return (
    <TitleScreen title={m.home_title}>
      <HomeSummary session={session} data={Route.useLoaderData()} />
    </TitleScreen>
  );
}
