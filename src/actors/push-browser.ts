/**
 * The browser's Push API as the portal uses it (the service worker registration's PushManager, Notification), apart
 * from the settings page's machine so that the shell can re-send a held subscription after a sign-in without loading
 * the machine. Playwright replaces what these read (Chromium there cannot reach a push service).
 */
import type { PushPermission, PushSupport } from '../../machines/push-subscription.machine.ts';
import type { PushSubscriptionJson } from '#domain/api-schema.ts';
import type { Api } from '../api/client.ts';

/** What the portal uses of the browser's Push API. */
export type PushBrowser = {
  support(): PushSupport;
  permission(): PushPermission;
  requestPermission(): Promise<PushPermission>;
  /** The PushManager of the portal's service worker, or null when none is registered (then push cannot work here). */
  pushManager(): Promise<PushManager | null>;
};

/** The VAPID key (base64url) as PushManager.subscribe wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** An iPhone or iPad (iPadOS says it is a Mac with a touch screen). */
const isIos = (nav: Navigator) => /iPhone|iPad|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
/** Opened from the home screen (iOS's `navigator.standalone`, or the display mode of an installed app). */
const isStandalone = (win: Window) =>
  (win.navigator as Navigator & { standalone?: boolean }).standalone === true || win.matchMedia?.('(display-mode: standalone)').matches;

/** How long the page waits for the service worker to be ready before it says this browser cannot push. */
const READY_WAIT_MS = 5000;

/** The window with its globals (`window` is one): its `Notification` constructor is a global, not a Window member. */
export function browserPush(win: Window & Pick<typeof globalThis, 'Notification'> = window): PushBrowser {
  const nav = win.navigator;
  const notification = () => win.Notification;
  const pushable = () => 'serviceWorker' in nav && 'PushManager' in win && 'Notification' in win;
  return {
    support: () => (isIos(nav) && !isStandalone(win) ? 'iosNeedsInstall' : pushable() ? 'supported' : 'unsupported'),
    permission: () => (pushable() ? (notification().permission as PushPermission) : 'default'),
    requestPermission: async () => (await notification().requestPermission()) as PushPermission,
    async pushManager() {
      if (!pushable()) return null;
      const registration =
        (await nav.serviceWorker.getRegistration()) ??
        (await Promise.race([nav.serviceWorker.ready, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), READY_WAIT_MS))]));
      return registration?.pushManager ?? null;
    },
  };
}

/** The subscription as the contract takes it (`PushSubscription.toJSON()`). */
export const asJson = (subscription: PushSubscription): PushSubscriptionJson => subscription.toJSON() as PushSubscriptionJson;

/**
 * After a sign-in: a subscription this browser holds, with the permission granted, is given to the server for the
 * worker signed in now (the device follows whoever is signed in on it: docs/decisions/251-push-devices.md). Quiet:
 * nothing is asked, nothing is said, a failure changes nothing.
 */
export async function resendHeldSubscription(api: Api, browser: PushBrowser = browserPush()): Promise<void> {
  if (browser.support() !== 'supported' || browser.permission() !== 'granted') return;
  const subscription = await (await browser.pushManager())?.getSubscription();
  if (subscription) await api.client.POST('/user/me/push-subscriptions', { body: asJson(subscription), middleware: [api.saidInPlace] });
}
