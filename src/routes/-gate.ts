/**
 * Page access as the router applies it, before every page: wait until the session knows who is there, ask the
 * pure guard over the access table (machines/route-gate.ts, machines/page-access.ts: the gate of spec §5, then
 * the accounts of §6) and carry out its answer: the warning toast, the info refresh of rule 4, the redirect with
 * the return URL of rule 1. No route has an access rule of its own.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isPublicPath } from '../../machines/page-access.ts';
import { gateDecision, isPending, isRestored } from '../../machines/session.selectors.ts';
import type { RouterContext } from '../router-context.ts';
import { toasts } from '../ui/toast-store.ts';
import { BANNER_FLAGS } from './-search.ts';

/**
 * The banner flags of the page asked for: the page the gate sends the worker to shows them instead (a forced login,
 * or the policies a new account must agree to first: a validation link opened signed in still says "validated").
 */
function bannerFlags(search: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(BANNER_FLAGS.filter((flag) => Object.hasOwn(search, flag)).map((flag) => [flag, search[flag]]));
}

/** `preload`: the router is only preparing a page the worker points at (hover): decide, but tell nobody. */
export async function applyRouteGate(context: RouterContext, location: ParsedLocation, preload = false): Promise<void> {
  // A public page is open to anyone: it waits only for the stored sign-in to be read, not for the info (whether
  // someone is signed in is all its rule asks). Its screen may act on the session meanwhile (/impersonate replaces
  // a stored sign-in whose info is still loading).
  const settled = isPublicPath(location.pathname) ? isRestored : (s: Parameters<typeof isPending>[0]) => !isPending(s);
  const snapshot = await waitFor(context.session, settled);
  const search = location.search as Record<string, unknown>;
  const decision = gateDecision(snapshot, { pathname: location.pathname, href: location.href, returnUrl: search.redirect });
  if (decision.allow) return;
  // A signed-in worker on the login goes on to the page asked, as written (its query kept).
  if (decision.asWritten) throw redirect({ href: decision.redirect, replace: true });
  if (!preload && decision.refreshInfo) context.session.send({ type: 'session.refreshInfo' });
  if (!preload && decision.warning) toasts.show({ type: 'warning', key: decision.warning });
  const flags = bannerFlags(search);
  if (decision.redirect === '/login')
    throw redirect({ to: '/login', search: { ...flags, ...(decision.rememberReturnUrl ? { redirect: decision.rememberReturnUrl } : {}) }, replace: true });
  throw redirect({ to: decision.redirect, search: flags, replace: true });
}
