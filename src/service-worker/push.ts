/**
 * The service worker's side of push notifications (docs/decisions/254-notifications-in-the-portal.md), a module of
 * its own for the worker to import and install on its global scope:
 *
 *     import { installPushHandlers } from './push.ts';
 *     installPushHandlers(self);
 *
 * `push`: shows the notification the server sent (server/services/push-sender.ts `PushPayload`): its title, body
 * and icon, the tag of its Topic (news of one thing replaces the earlier one on the phone), and the link in its data.
 * A push that cannot be read still shows a notification (a browser may stop delivering to a worker that shows none).
 * `notificationclick`: closes it, then brings a window of the portal forward at the link, or opens one there. Only
 * a path of the portal is followed: anything else opens the notification list.
 *
 * It names only the few parts of ServiceWorkerGlobalScope it uses, so that it type-checks beside the DOM's types and
 * the tests give it a fake scope.
 */

import { m } from '../paraglide/messages.js';

/** The server's payload (PushPayload in server/services/push-sender.ts). */
export type PushMessage = { id: string; kind: string; title: string; body: string; url: string; tag: string; icon: string };

type WindowClientLike = { url: string; focused?: boolean; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type ExtendableEventLike = { waitUntil(promise: Promise<unknown>): void };
export type PushEventLike = ExtendableEventLike & { data: { json(): unknown } | null };
export type NotificationClickEventLike = ExtendableEventLike & { notification: { data: unknown; close(): void } };

export type PushScope = {
  location: { origin: string };
  navigator?: { language?: string };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
};

/** Where a notification without a usable link leads. */
export const LIST_PATH = '/notifications';
const ICON = '/icons/icon-192.png';

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() ? value.slice(0, max) : null);

/** A path of the portal (`/offers?offer=…`), never another origin (`//host`, `/\host`, `https:`, `javascript:`). */
export const portalPath = (value: unknown): string => (typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : LIST_PATH);

/** The message of a push, or null when it cannot be read. */
export function readMessage(event: PushEventLike): PushMessage | null {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const title = text(d.title, 200);
  if (!title) return null;
  return {
    id: text(d.id, 40) ?? '',
    kind: text(d.kind, 40) ?? '',
    title,
    body: text(d.body, 1000) ?? '',
    url: portalPath(d.url),
    tag: text(d.tag, 64) ?? '',
    icon: portalPath(d.icon) === LIST_PATH ? ICON : portalPath(d.icon),
  };
}

export function showPush(scope: PushScope, event: PushEventLike): Promise<void> {
  const message = readMessage(event);
  if (!message) {
    // The words of a push that cannot be read, in the phone's language (the portal's are fr and nl).
    const locale = (scope.navigator?.language ?? '').toLowerCase().startsWith('nl') ? 'nl' : 'fr';
    return scope.registration.showNotification(m.push_fallbackTitle({}, { locale }), {
      body: m.push_fallbackBody({}, { locale }),
      icon: ICON,
      data: { url: LIST_PATH },
    });
  }
  return scope.registration.showNotification(message.title, {
    body: message.body,
    icon: message.icon,
    // A tag replaces the notification of the same thing already shown; news of it comes again, so it alerts again.
    ...(message.tag ? { tag: message.tag, renotify: true } : {}),
    data: { url: message.url, id: message.id, kind: message.kind },
  } as NotificationOptions);
}

export async function openPush(scope: PushScope, event: NotificationClickEventLike): Promise<void> {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { url?: unknown };
  const url = new URL(portalPath(data.url), scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const portal = windows.filter((w) => new URL(w.url).origin === scope.location.origin);
  const chosen = portal.find((w) => w.focused) ?? portal[0];
  if (chosen) {
    await chosen.focus();
    if (chosen.url !== url) await chosen.navigate(url);
    return;
  }
  await scope.clients.openWindow(url);
}

export function installPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => event.waitUntil(showPush(scope, event)));
  scope.addEventListener('notificationclick', (event) => event.waitUntil(openPush(scope, event)));
}
