import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { createMailRequestLogic } from '../actors/auth.ts';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { HomeSummary } from '../features/home/home-summary.tsx';
import { useLocale } from '../i18n/locale.ts';
import { useAuthDeps } from './-auth.ts';
import { loadHomeSummary } from './-home-summary.ts';
import { devInspect } from '../dev/inspector.ts';

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
  // The e-mail validation notice's "send again": idle until asked (the notice shows only while the address is not validated).
  const mailActor = useActorRef(mailLogic, { input: { kind: 'emailValidation' }, ...devInspect });
  return (
    <HomeScreen session={session} mailActor={mailActor}>
      <HomeSummary session={session} data={Route.useLoaderData()} />
    </HomeScreen>
  );
}
