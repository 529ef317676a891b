import { createFileRoute, useRouter } from '@tanstack/react-router';
import { rememberedEmail } from '../actors/session-actors.ts';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { storage } from '../storage.ts';
import { loginSearch } from './-search.ts';

// Where a signed-in worker goes from here is the access table's (machines/page-access.ts `whenSignedIn`), applied by
// the root route's gate like every other rule.
export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  useLocale();
  const { session } = Route.useRouteContext();
  const { redirect: returnUrl } = Route.useSearch();
  // The build's prerender (docs/decisions/100-prerendered-pages.md) writes the page for anyone: no remembered e-mail
  // in it. The browser fills the field as React hydrates the page.
  const { isServer } = useRouter();
  return <LoginScreen session={session} initialEmail={isServer ? '' : rememberedEmail(storage)} returnUrl={returnUrl} />;
}
