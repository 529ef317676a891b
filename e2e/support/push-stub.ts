/**
 * The browser's Push API replaced in the page (Chromium here cannot reach a push service): Notification's permission
 * and prompt, and the PushManager of a service worker registration (src/actors/push-browser.ts reads them). The
 * subscription it hands out is one of the test push service (scripts/lib/push-receiver.ts), so what the server then
 * pushes to it is received and decrypted there. `window.__push` counts what the page did.
 */
import type { Page } from '@playwright/test';
import type { Subscription } from '../../scripts/lib/push-receiver.ts';

export type PushStub = {
  /** The permission when the page opens. */
  permission?: 'default' | 'granted' | 'denied';
  /** What the prompt answers, in turn (the last one repeats). */
  answers?: Array<'default' | 'granted' | 'denied'>;
  /** The subscription PushManager.subscribe makes. */
  subscription: Subscription;
  /** The browser holds it already when the page opens. */
  held?: boolean;
  /** PushManager.subscribe fails this many times first (a push service error). */
  subscribeFailures?: number;
  /** No Push API at all (an older browser). */
  unsupported?: boolean;
  /** Reading the registration fails. */
  registrationFails?: boolean;
  /** An iPhone's Safari outside the home-screen app. */
  iphone?: boolean;
};

export type PushCounts = { asked: number; subscribed: number; unsubscribed: number; keyLength: number };

export async function stubPush(page: Page, stub: PushStub): Promise<void> {
  await page.addInitScript((init: PushStub) => {
    const counts = { asked: 0, subscribed: 0, unsubscribed: 0, keyLength: 0 };
    (window as unknown as { __push: typeof counts }).__push = counts;
    if (init.iphone) {
      Object.defineProperty(navigator, 'userAgent', {
        get: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
      });
      return;
    }
    if (init.unsupported) {
      delete (window as unknown as { PushManager?: unknown }).PushManager;
      return;
    }
    let permission = init.permission ?? 'default';
    const answers = [...(init.answers ?? ['granted'])];
    let failures = init.subscribeFailures ?? 0;
    const make = () => ({
      endpoint: init.subscription.endpoint,
      expirationTime: null,
      toJSON: () => init.subscription,
      unsubscribe: async () => {
        counts.unsubscribed++;
        held = null;
        return true;
      },
    });
    let held: ReturnType<typeof make> | null = init.held ? make() : null;
    const pushManager = {
      getSubscription: async () => held,
      permissionState: async () => (permission === 'default' ? 'prompt' : permission),
      subscribe: async (options: { applicationServerKey: Uint8Array }) => {
        counts.keyLength = options.applicationServerKey.length;
        if (failures > 0) {
          failures--;
          throw new DOMException('Registration failed - push service error', 'AbortError');
        }
        counts.subscribed++;
        held = make();
        return held;
      },
    };
    class StubNotification {
      static get permission() {
        return permission;
      }
      static async requestPermission() {
        counts.asked++;
        permission = answers.length > 1 ? answers.shift()! : answers[0]!;
        return permission;
      }
    }
    Object.defineProperty(window, 'Notification', { value: StubNotification, configurable: true, writable: true });
    const registration = { scope: `${location.origin}/`, pushManager };
    Object.defineProperty(navigator.serviceWorker, 'getRegistration', {
      value: async () => {
        if (init.registrationFails) throw new DOMException('The operation is insecure.', 'SecurityError');
        return registration;
      },
      configurable: true,
    });
  }, stub);
}

export const pushCounts = (page: Page): Promise<PushCounts> => page.evaluate(() => (window as unknown as { __push: PushCounts }).__push);
