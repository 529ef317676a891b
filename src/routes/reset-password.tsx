import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { createMailRequestLogic, createPasswordResetLogic } from '../actors/auth.ts';
import { ResetStartScreen } from '../features/auth/reset-start-screen.tsx';
import { ResetTokenScreen } from '../features/auth/reset-token-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { useAuthDeps } from './-auth.ts';
import { tokenParam } from './-search.ts';

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
  const resetLogic = useMemo(() => createPasswordResetLogic({ ...deps, onPasswordChanged: () => session.send({ type: 'session.passwordChanged' }) }), [deps, session]);
  const mailLogic = useMemo(() => createMailRequestLogic(deps), [deps]);
  // A new token (another link opened in the same tab) starts a new check.
  return token ? <ResetTokenScreen key={token} logic={resetLogic} token={token} /> : <ResetStartScreen logic={mailLogic} />;
}
