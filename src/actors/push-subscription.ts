/**
 * The push subscription machine with the app's implementations (machines/push-subscription.machine.ts header): the
 * browser's Push API through a `PushBrowser` (the real one below, a stub in Playwright: Chromium there cannot reach
 * a push service), the calls of the notifications tag, and the toasts. The permission is asked only by
 * `requestPermission`, which the machine runs on the worker's tap.
 */
import { fromPromise } from 'xstate';
import { pushSubscriptionMachine, type PushDevice, type PushPermission } from '../../machines/push-subscription.machine.ts';
import type { Api } from '../api/client.ts';
import { asJson, keyBytes, type PushBrowser } from './push-browser.ts';
import { m } from '../paraglide/messages.js';
import type { ToastStore } from '../ui/toast-store.ts';

export function pushSubscriptionActors({ api, browser }: { api: Api; browser: PushBrowser }) {
  const manager = async () => {
    const found = await browser.pushManager();
    if (!found) throw new Error('no service worker: push cannot work here');
    return found;
  };
  const send = (subscription: PushSubscription) => api.unwrap(api.client.POST('/user/me/push-subscriptions', { body: asJson(subscription) }));
  return {
    readDevice: fromPromise<PushDevice>(async () => {
      const support = browser.support();
      if (support !== 'supported') return { support, permission: 'default', subscribed: false };
      const pushManager = await browser.pushManager();
      if (!pushManager) return { support: 'unsupported', permission: 'default', subscribed: false };
      return { support, permission: browser.permission(), subscribed: (await pushManager.getSubscription()) !== null };
    }),
    requestPermission: fromPromise<PushPermission>(() => browser.requestPermission()),
    subscribeDevice: fromPromise<void>(async () => {
      const { publicKey } = await api.unwrap(api.client.GET('/user/me/push-key'));
      const pushManager = await manager();
      const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
      // A subscription made with another key (a server whose key changed) must go before a new one can be made.
      const held = await pushManager.getSubscription();
      const subscription = await pushManager.subscribe(options).catch(async (error: unknown) => {
        if (!held) throw error;
        await held.unsubscribe();
        return pushManager.subscribe(options);
      });
      await send(subscription);
    }),
    resendSubscription: fromPromise<void>(async () => {
      const subscription = await (await manager()).getSubscription();
      if (!subscription) throw new Error('the browser no longer holds a subscription');
      await send(subscription);
    }),
    unsubscribeDevice: fromPromise<void>(async () => {
      const subscription = await (await manager()).getSubscription();
      if (!subscription) return;
      await api.unwrap(api.client.POST('/user/me/push-subscriptions/remove', { body: { endpoint: subscription.endpoint } }));
      await subscription.unsubscribe();
    }),
  };
}

/** The machine's toasts, as text (only the settings page shows them: not in the first load's toast store). */
const MESSAGES: Record<string, () => string> = { notifications_turnedOn: m.notifications_turnedOn, notifications_turnedOff: m.notifications_turnedOff };

export function createPushSubscriptionLogic(deps: { api: Api; browser: PushBrowser; toasts: Pick<ToastStore, 'show'> }) {
  return pushSubscriptionMachine.provide({
    actors: pushSubscriptionActors(deps),
    actions: { notify: (_, params) => deps.toasts.show({ type: params.type, text: MESSAGES[params.msg]?.() ?? params.msg }) },
  });
}
