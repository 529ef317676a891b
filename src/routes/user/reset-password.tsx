import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { accountEmail } from '../../../machines/session.selectors.ts';
import { createMailRequestLogic } from '../../actors/auth.ts';
import { ChangePasswordScreen } from '../../features/auth/change-password-screen.tsx';
import { useLocale } from '../../i18n/locale.ts';
import { useAuthDeps } from '../-auth.ts';
import { devInspect } from '../../dev/inspector.ts';

export const Route = createFileRoute('/user/reset-password')({ component: ChangePasswordRoute });

function ChangePasswordRoute() {
  useLocale();
  const { session } = Route.useRouteContext();
  const email = useSelector(session, accountEmail);
  const deps = useAuthDeps();
  const logic = useMemo(() => createMailRequestLogic(deps), [deps]);
  // No e-mail in the request: the server mails the signed-in account.
  const actor = useActorRef(logic, { input: { kind: 'passwordReset' }, ...devInspect });
  return <ChangePasswordScreen actor={actor} email={email} />;
}
