import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { createMailRequestLogic } from '../actors/auth.ts';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { useAuthDeps } from './-auth.ts';

export const Route = createFileRoute('/home')({ component: HomeRoute });

function HomeRoute() {
  useLocale();
  const { session } = Route.useRouteContext();
  const deps = useAuthDeps();
  const mailLogic = useMemo(() => createMailRequestLogic(deps), [deps]);
  return <HomeScreen session={session} mailLogic={mailLogic} />;
}
