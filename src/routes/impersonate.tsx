import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ImpersonateScreen } from '../features/session/impersonate-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { tokenParam } from './-search.ts';

/** `/impersonate?token=…` signs in with a one-time token (spec §2). */
const ImpersonateSearch = v.object({ token: v.optional(tokenParam) });

export const Route = createFileRoute('/impersonate')({
  validateSearch: ImpersonateSearch,
  component: ImpersonateRoute,
});

function ImpersonateRoute() {
  useLocale();
  const { session } = Route.useRouteContext();
  const { token } = Route.useSearch();
  return <ImpersonateScreen session={session} token={token} />;
}
