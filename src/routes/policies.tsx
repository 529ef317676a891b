import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { agreePolicies } from '../actors/auth.ts';
import { PoliciesScreen } from '../features/session/policies-screen.tsx';
import { useLocale } from '../i18n/locale.ts';

export const Route = createFileRoute('/policies')({ component: PoliciesRoute });

function PoliciesRoute() {
  useLocale();
  const { api, session } = Route.useRouteContext();
  const agree = useCallback(() => agreePolicies(api), [api]);
  return <PoliciesScreen session={session} agree={agree} />;
}
