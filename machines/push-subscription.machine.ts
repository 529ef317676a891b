/**
 * Push notifications on this device, as the settings page offers them (docs/decisions/254-notifications-in-the-portal.md).
 *
 * checking (what the browser can do, what it was allowed, whether it holds a subscription) → unsupported,
 * iosNeedsInstall, denied, off, or resuming → on. From off, "Turn on notifications": asking (the browser's
 * permission prompt, only now, after the tap) → subscribing → on; a refusal → denied; a prompt dismissed → off.
 * From on, "Turn off": unsubscribing → off.
 *
 * Invariants
 * - The permission is asked only on the worker's tap (`push.turnOn`, `push.retry`): never when the page opens.
 * - A subscription the browser already holds is sent again when the page opens (`resuming`): the device follows
 *   whoever is signed in on it (docs/decisions/251-push-devices.md).
 * - A failed call leaves the device as it was: a failed turning off stays on, a failed subscription offers to try again.
 *
 * The browser's Push API (the service worker's PushManager, Notification.permission) and the calls are actors the
 * app supplies (src/actors/push-subscription.ts); the tests supply their own, Playwright stubs the browser's.
 */
import { assign, fromPromise, setup, type EventObject } from 'xstate';
import { notProvidedAction } from './invokes.ts';
import type { NotifyParams } from './notify.ts';

/** What the browser can do here: push, nothing, or push once the portal is added to the home screen (iOS). */
export type PushSupport = 'supported' | 'unsupported' | 'iosNeedsInstall';
export type PushPermission = 'default' | 'granted' | 'denied';
/** The device as readDevice found it. */
export type PushDevice = { support: PushSupport; permission: PushPermission; subscribed: boolean };

export type PushSubscriptionContext = { device: PushDevice | null };
export type PushSubscriptionEvent = { type: 'push.turnOn' } | { type: 'push.turnOff' } | { type: 'push.retry' } | { type: 'push.recheck' };

/** What an invoked actor answered (the done events are not among the machine's own event types). */
const outputOf = <T>(event: EventObject): T => (event as EventObject & { output: T }).output;

export const pushSubscriptionMachine = setup({
  types: {
    context: {} as PushSubscriptionContext,
    events: {} as PushSubscriptionEvent,
    tags: {} as 'busy',
    children: {} as {
      readDevice: 'readDevice';
      requestPermission: 'requestPermission';
      subscribeDevice: 'subscribeDevice';
      resendSubscription: 'resendSubscription';
      unsubscribeDevice: 'unsubscribeDevice';
    },
  },
  actors: {
    /** What the browser supports, the permission, whether its PushManager holds a subscription. Output `PushDevice`. */
    readDevice: fromPromise<PushDevice>(async () => {
      throw new Error('not provided: readDevice');
    }),
    /** The browser's permission prompt (Notification.requestPermission). Output the permission it ends with. */
    requestPermission: fromPromise<PushPermission>(async () => {
      throw new Error('not provided: requestPermission');
    }),
    /** GET /user/me/push-key, PushManager.subscribe with it, POST /user/me/push-subscriptions. */
    subscribeDevice: fromPromise<void>(async () => {
      throw new Error('not provided: subscribeDevice');
    }),
    /** POST /user/me/push-subscriptions with the subscription the browser holds (the device moves to this worker). */
    resendSubscription: fromPromise<void>(async () => {
      throw new Error('not provided: resendSubscription');
    }),
    /** POST /user/me/push-subscriptions/remove, then the browser's unsubscribe. */
    unsubscribeDevice: fromPromise<void>(async () => {
      throw new Error('not provided: unsubscribeDevice');
    }),
  },
  actions: {
    /** Provided by the app: a toast; `notifications_turnedOn` and `notifications_turnedOff`. Params `{ type, msg }`. */
    notify: notProvidedAction<NotifyParams>('notify'),
    /** Keeps what readDevice found. */
    setDevice: assign({ device: ({ event }) => outputOf<PushDevice>(event) }),
  },
  guards: {
    /** The browser cannot receive pushes (no service worker, no Push API). */
    unsupported: ({ context }) => context.device?.support === 'unsupported',
    /** An iPhone or iPad outside the home-screen app: push works only from there. */
    needsInstall: ({ context }) => context.device?.support === 'iosNeedsInstall',
    /** The worker (or the browser's settings) refused notifications to the portal. */
    permissionDenied: ({ context }) => context.device?.permission === 'denied',
    /** Allowed, and the browser holds a subscription already. */
    subscribed: ({ context }) => context.device?.permission === 'granted' && context.device.subscribed,
    /** The prompt ended allowed. */
    granted: ({ event }) => outputOf<PushPermission>(event) === 'granted',
    /** The prompt ended refused. */
    denied: ({ event }) => outputOf<PushPermission>(event) === 'denied',
  },
}).createMachine({
  id: 'pushSubscription',
  description: 'Push notifications on this device: what the browser allows, turning them on after a tap, turning them off.',
  context: { device: null },
  initial: 'checking',
  states: {
    checking: {
      description: 'Reading what the browser can do, the permission, and whether it holds a subscription (nothing is asked).',
      tags: ['busy'],
      invoke: { id: 'readDevice', src: 'readDevice', onDone: { target: 'start', actions: 'setDevice' }, onError: 'checkFailed' },
    },
    start: {
      description: 'Decides what to show from what was read.',
      always: [
        { guard: 'unsupported', target: 'unsupported' },
        { guard: 'needsInstall', target: 'iosNeedsInstall' },
        { guard: 'permissionDenied', target: 'denied' },
        { guard: 'subscribed', target: 'resuming', description: 'Already on here: send it again, for this worker.' },
        { target: 'off' },
      ],
    },
    checkFailed: {
      description: 'The browser could not be asked; the worker may try again.',
      on: { 'push.recheck': 'checking' },
    },
    unsupported: { description: 'This browser cannot receive notifications: the list in the portal still has everything.' },
    iosNeedsInstall: { description: 'On an iPhone or iPad, notifications work only from the portal added to the home screen: how to add it.' },
    denied: {
      description: 'Notifications are blocked for the portal: how to allow them in the browser, then check again.',
      on: { 'push.recheck': 'checking' },
    },
    off: {
      description: 'Not on for this device: "Turn on notifications".',
      initial: 'idle',
      states: {
        idle: { description: 'Nothing asked yet, or turned off.' },
        dismissed: { description: 'The prompt was closed without an answer: the worker may tap again.' },
      },
      on: { 'push.turnOn': 'asking' },
    },
    asking: {
      description: "The browser's permission prompt, shown because the worker tapped.",
      tags: ['busy'],
      invoke: {
        id: 'requestPermission',
        src: 'requestPermission',
        onDone: [{ guard: 'granted', target: 'subscribing' }, { guard: 'denied', target: 'denied' }, { target: 'off.dismissed' }],
        onError: 'failed',
      },
    },
    subscribing: {
      description: 'Subscribing this browser with the server’s key and giving the subscription to the server.',
      tags: ['busy'],
      invoke: {
        id: 'subscribeDevice',
        src: 'subscribeDevice',
        onDone: { target: 'on', actions: { type: 'notify', params: { type: 'success', msg: 'notifications_turnedOn' } } },
        onError: 'failed',
      },
    },
    resuming: {
      description: 'Giving the server the subscription the browser already holds, for the worker signed in now.',
      tags: ['busy'],
      invoke: { id: 'resendSubscription', src: 'resendSubscription', onDone: 'on', onError: 'failed' },
    },
    failed: {
      description: 'Notifications could not be turned on; the worker may try again.',
      on: { 'push.retry': 'asking' },
    },
    on: {
      description: 'This device receives the worker’s notifications: "Turn off".',
      initial: 'idle',
      states: {
        idle: { description: 'On.' },
        turnOffFailed: { description: 'They could not be turned off; they are still on.' },
      },
      on: { 'push.turnOff': 'unsubscribing' },
    },
    unsubscribing: {
      description: 'Telling the server, then the browser, that this device stops receiving them.',
      tags: ['busy'],
      invoke: {
        id: 'unsubscribeDevice',
        src: 'unsubscribeDevice',
        onDone: { target: 'off', actions: { type: 'notify', params: { type: 'success', msg: 'notifications_turnedOff' } } },
        onError: 'on.turnOffFailed',
      },
    },
  },
});
