/**
 * The browser's Push API for the push subscription machine's browser paths (e2e/model/push-subscription.spec.ts):
 * like push-stub.ts, but what the page reads next is set by the test before each gesture (`setPush`), read ahead
 * from the path: the device a check finds (or a failure, or no answer yet), the prompt's answer, the subscription's
 * outcome. An outcome not set is never answered (a path that ends while it is under way).
 */
import type { Page } from '@playwright/test';
import type { PushDevice } from '../../machines/push-subscription.machine.ts';
import type { Subscription } from '../../scripts/lib/push-receiver.ts';

export type ReadOutcome = PushDevice | 'fail' | 'hold';
export type PushPlan = { read?: ReadOutcome; answer?: 'granted' | 'denied' | 'default' | 'fail' | 'hold'; subscribe?: 'ok' | 'fail' | 'hold' };

export async function stubModelPush(page: Page, subscription: Subscription, first: PushPlan): Promise<void> {
  await page.addInitScript(
    ({ subscription, first }: { subscription: Subscription; first: PushPlan }) => {
      const never = () => new Promise<never>(() => {});
      const plan: PushPlan = { ...first };
      const savedPushManager = (window as unknown as { PushManager?: unknown }).PushManager;
      const iphoneAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1';
      const desktopAgent = navigator.userAgent;
      let agent = desktopAgent;
      Object.defineProperty(navigator, 'userAgent', { get: () => agent });
      let permission: 'default' | 'granted' | 'denied' = 'default';
      let held: object | null = null;
      const make = () => ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        toJSON: () => subscription,
        unsubscribe: async () => {
          held = null;
          return true;
        },
      });
      /** The device a check will find: the browser's kind, the permission, a held subscription. */
      const apply = (read: ReadOutcome | undefined) => {
        if (!read || read === 'fail' || read === 'hold') return;
        agent = read.support === 'iosNeedsInstall' ? iphoneAgent : desktopAgent;
        if (read.support === 'unsupported') delete (window as unknown as { PushManager?: unknown }).PushManager;
        else (window as unknown as { PushManager?: unknown }).PushManager = savedPushManager;
        permission = read.permission;
        held = read.subscribed ? make() : null;
      };
      apply(plan.read);
      (window as unknown as { __setPush: (next: PushPlan) => void }).__setPush = (next) => {
        Object.assign(plan, next);
        apply(next.read);
      };
      let reading = true;
      const pushManager = {
        getSubscription: async () => held,
        subscribe: async () => {
          const outcome = plan.subscribe ?? 'hold';
          plan.subscribe = undefined;
          if (outcome === 'hold') return never();
          if (outcome === 'fail') throw new DOMException('Registration failed - push service error', 'AbortError');
          held = make();
          return held;
        },
      };
      class StubNotification {
        static get permission() {
          return permission;
        }
        static async requestPermission() {
          const answer = plan.answer ?? 'hold';
          plan.answer = undefined;
          if (answer === 'hold') return never();
          if (answer === 'fail') throw new TypeError('the prompt cannot be shown');
          permission = answer;
          return permission;
        }
      }
      Object.defineProperty(window, 'Notification', { value: StubNotification, configurable: true, writable: true });
      Object.defineProperty(navigator.serviceWorker, 'getRegistration', {
        value: async () => {
          // The check of the page (readDevice) consumes the planned read; later calls (subscribing) find the registration.
          if (reading && plan.read !== undefined) {
            const read = plan.read;
            plan.read = undefined;
            reading = false;
            if (read === 'hold') return never();
            if (read === 'fail') throw new DOMException('The operation is insecure.', 'SecurityError');
          }
          return { scope: `${location.origin}/`, pushManager };
        },
        configurable: true,
      });
      (window as unknown as { __checkAgain: () => void }).__checkAgain = () => (reading = true);
    },
    { subscription, first },
  );
}

/** Sets what the page reads next, before the gesture that makes it read it. */
export async function setPush(page: Page, next: PushPlan): Promise<void> {
  await page.evaluate((plan) => {
    const w = window as unknown as { __setPush: (p: PushPlan) => void; __checkAgain: () => void };
    w.__setPush(plan);
    if (plan.read !== undefined) w.__checkAgain();
  }, next);
}
