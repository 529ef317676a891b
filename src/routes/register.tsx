import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { createRegistrationLogic } from '../actors/auth.ts';
import { RegisterScreen } from '../features/auth/register-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { useAuthDeps } from './-auth.ts';
import { devInspect } from '../dev/inspector.ts';

export const Route = createFileRoute('/register')({ component: RegisterRoute });

function RegisterRoute() {
  useLocale();
  const deps = useAuthDeps();
  const logic = useMemo(() => createRegistrationLogic(deps), [deps]);
  const actor = useActorRef(logic, { ...devInspect });
  return <RegisterScreen actor={actor} />;
}
