/**
 * The signature screens (/user/manage-signature, /digital-signing) read fresh general info first: the signature's
 * status may have changed since the session read it (the agency validated it, or the worker just drew a new one).
 */
import { waitFor } from 'xstate';
import { isPending } from '../../machines/session.selectors.ts';
import type { RouterContext } from '../router-context.ts';

/** `loader` of both routes: the session reads its info again; the screen starts once it has. */
export async function freshSessionInfo(context: RouterContext): Promise<void> {
  context.session.send({ type: 'session.refreshInfo' });
  await waitFor(context.session, (s) => !isPending(s));
}
