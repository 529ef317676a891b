/**
 * Route rules of the signature screens (/user/manage-signature, /digital-signing), after the gate of §5:
 *  - §6: freelancers get neither the signature screen nor contract signing. The gate does not know it; this
 *    rule sends them home with a warning (the server answers 403 `freelance_not_allowed` anyway).
 *  - Both screens read fresh general info first: the signature's status may have changed since the session
 *    read it (the agency validated it, or the worker just drew a new one).
 */
import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isFreelance, isPending } from '../../machines/session.selectors.ts';
import type { RouterContext } from '../router-context.ts';
import { toasts } from '../ui/toast-store.ts';

export type SignatureAccess = { allow: true } | { allow: false; redirect: '/home'; warning: 'signature_notForFreelancers' };

/** The pure rule (tests/signature/signature-access.test.ts). */
export function signatureAccess(facts: { freelance: boolean }): SignatureAccess {
  return facts.freelance ? { allow: false, redirect: '/home', warning: 'signature_notForFreelancers' } : { allow: true };
}

/** `beforeLoad` of both routes: no toast for a preload (hovering a link is not a visit). */
export function guardSignatureRoute(context: RouterContext, preload: boolean): void {
  const decision = signatureAccess({ freelance: isFreelance(context.session.getSnapshot()) });
  if (decision.allow) return;
  if (!preload) toasts.show({ type: 'warning', key: decision.warning });
  throw redirect({ to: decision.redirect, replace: true });
}

/** `loader` of both routes: the session reads its info again; the screen starts once it has. */
export async function freshSessionInfo(context: RouterContext): Promise<void> {
  context.session.send({ type: 'session.refreshInfo' });
  await waitFor(context.session, (s) => !isPending(s));
}
