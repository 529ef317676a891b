/**
 * Spec §6 beyond the route gate of §5: new accounts do not get availabilities, planning or documents, and
 * freelancers do not get documents. The menus already hide those entries; a typed URL or an old bookmark lands
 * here and goes home with a warning (the server would answer 403 anyway: account_not_approved,
 * freelance_not_allowed — the warnings are those very messages).
 *
 * `accountRule` is pure (tested on its own); `applyAccountRule` is what the routes' `beforeLoad` calls, after the
 * root gate has waited for the session.
 */
import { redirect } from '@tanstack/react-router';
import { isFreelance, isNewAccount } from '../../machines/session.selectors.ts';
import type { RouterContext } from '../router-context.ts';
import { toasts } from '../ui/toast-store.ts';

export type AccountFacts = { newAccount: boolean; freelance: boolean };
export type AccountWarning = 'apiError_account_not_approved' | 'apiError_freelance_not_allowed';
export type AccountDecision = { allow: true } | { allow: false; redirect: '/home'; warning: AccountWarning };

const NOT_FOR_NEW_ACCOUNTS = ['/availabilities', '/planning', '/documents'];
const NOT_FOR_FREELANCERS = ['/documents'];

export function accountRule(pathname: string, facts: AccountFacts): AccountDecision {
  // As the route gate does: the router matches paths case-insensitively and ignores a trailing slash.
  const path = pathname.length > 1 ? pathname.toLowerCase().replace(/\/+$/, '') : pathname;
  if (facts.newAccount && NOT_FOR_NEW_ACCOUNTS.includes(path)) return { allow: false, redirect: '/home', warning: 'apiError_account_not_approved' };
  if (facts.freelance && NOT_FOR_FREELANCERS.includes(path)) return { allow: false, redirect: '/home', warning: 'apiError_freelance_not_allowed' };
  return { allow: true };
}

/** Redirects home with the warning when the rule refuses; a preload (hovering a link) redirects silently. */
export function applyAccountRule(context: RouterContext, pathname: string, preload = false): void {
  const snapshot = context.session.getSnapshot();
  const decision = accountRule(pathname, { newAccount: isNewAccount(snapshot), freelance: isFreelance(snapshot) });
  if (decision.allow) return;
  if (!preload) toasts.show({ type: 'warning', key: decision.warning });
  throw redirect({ to: decision.redirect, replace: true });
}
