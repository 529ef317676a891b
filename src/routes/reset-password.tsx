import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { createMailRequestLogic, createPasswordResetLogic, type AuthDeps } from '../actors/auth.ts';
import { ResetStartScreen } from '../features/auth/reset-start-screen.tsx';
import { ResetTokenScreen } from '../features/auth/reset-token-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { useAuthDeps } from './-auth.ts';
import { tokenParam } from './-search.ts';
import { devInspect } from '../dev/inspector.ts';
import type { SessionActor } from '../router-context.ts';

/** With `?token=` the screen asks for a new password, without it for an e-mail (spec §2). */
const ResetPasswordSearch = v.object({ token: v.optional(tokenParam) });

export const Route = createFileRoute('/reset-password')({
  validateSearch: ResetPasswordSearch,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  useLocale();
  const { token } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const deps = useAuthDeps();
  // A new token (another link opened in the same tab) starts a new check.
  return token ? <TokenMode key={token} deps={deps} session={session} token={token} /> : <StartMode deps={deps} />;
}

/** The reset of one link's token: its own actor, for as long as the token is the page's. */
function TokenMode({ deps, session, token }: { deps: AuthDeps; session: SessionActor; token: string }) {
  const logic = useMemo(
    () => createPasswordResetLogic({ ...deps, onPasswordChanged: () => session.send({ type: 'session.passwordChanged' }) }),
    [deps, session],
  );
  const actor = useActorRef(logic, { input: { token }, ...devInspect });
  return <ResetTokenScreen actor={actor} />;
}

/** Asking for a reset link by e-mail. */
function StartMode({ deps }: { deps: AuthDeps }) {
  const logic = useMemo(() => createMailRequestLogic(deps), [deps]);
  const actor = useActorRef(logic, { input: { kind: 'passwordReset' }, ...devInspect });
  return <ResetStartScreen actor={actor} />;
}
