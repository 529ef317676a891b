import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { safeReturnUrl } from '../../machines/route-gate.ts';
import { isSignedIn } from '../../machines/session.selectors.ts';
import { rememberedEmail } from '../actors/session-actors.ts';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { storage } from '../storage.ts';
import { loginSearch } from './-search.ts';

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  // A signed-in worker has nothing to sign in to (the session takes a login only when signed out): on to the page
  // asked, or home. The root route's gate has already waited until the session knows who is there.
  beforeLoad: ({ context, search }) => {
    if (isSignedIn(context.session.getSnapshot())) throw redirect({ href: safeReturnUrl(search.redirect) ?? '/home', replace: true });
  },
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
