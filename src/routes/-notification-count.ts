/**
 * The bell's count of unread notifications (the menu counts of src/ui/menu-counts.ts, under /notifications): read
 * after every page the gate lets a signed-in worker into, again when the tab comes back into view and every minute,
 * so that it follows the events (docs/decisions/254-notifications-in-the-portal.md). A read that fails says nothing
 * (the bell keeps its count). After a sign-in, a push subscription this browser holds is given to the server for the
 * worker signed in now (docs/decisions/251-push-devices.md).
 */
import { accountEmail, isSignedIn } from '../../machines/session.selectors.ts';
import { resendHeldSubscription } from '../actors/push-browser.ts';
import type { Api } from '../api/client.ts';
import type { RouterContext } from '../router-context.ts';
import { menuCounts } from '../ui/menu-counts.ts';

export const NOTIFICATIONS_PATH = '/notifications';
const REFRESH_MS = 60_000;

/** Whose count the bell shows, per API client (one per app; tests make their own). */
const shown = new WeakMap<Api, string>();
const watched = new WeakSet<Api>();

async function readUnread(api: Api): Promise<void> {
  const { data } = await api.client.GET('/user/me/notifications/unread', { middleware: [api.saidInPlace] });
  if (data) menuCounts.set(NOTIFICATIONS_PATH, data.unread);
}

/** Sets the bell's count from an answer that carries it (the list, a mark-read). */
export const setUnread = (unread: number): void => menuCounts.set(NOTIFICATIONS_PATH, unread);

/** `pathname`: the page let in; the settings page sends a held subscription itself (its machine's `resuming`). */
export function countNotifications({ api, session }: Pick<RouterContext, 'api' | 'session'>, pathname: string): void {
  const snapshot = session.getSnapshot();
  if (!isSignedIn(snapshot)) {
    menuCounts.set(NOTIFICATIONS_PATH, null);
    shown.delete(api);
    return;
  }
  const who = accountEmail(snapshot);
  if (shown.get(api) !== who) {
    shown.set(api, who);
    if (pathname !== '/notification-settings') void resendHeldSubscription(api).catch(() => undefined);
  }
  void readUnread(api).catch(() => undefined);
  if (watched.has(api) || typeof document === 'undefined') return;
  watched.add(api);
  const again = () => {
    if (document.visibilityState === 'visible' && isSignedIn(session.getSnapshot())) void readUnread(api).catch(() => undefined);
  };
  document.addEventListener('visibilitychange', again);
  setInterval(again, REFRESH_MS);
}
