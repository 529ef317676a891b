/** What the settings page's notifications panel reads from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { pushSubscriptionMachine } from './push-subscription.machine.ts';

export type PushSubscriptionActor = ActorRefFrom<typeof pushSubscriptionMachine>;
export type PushSubscriptionSnapshot = SnapshotFrom<typeof pushSubscriptionMachine>;
/** What the panel shows. */
export type PushView =
  | 'checking'
  | 'checkFailed'
  | 'unsupported'
  | 'iosNeedsInstall'
  | 'denied'
  | 'off'
  | 'asking'
  | 'subscribing'
  | 'failed'
  | 'on'
  | 'unsubscribing';

export function pushView(s: PushSubscriptionSnapshot): PushView {
  if (s.matches('checking') || s.matches('start')) return 'checking';
  if (s.matches('resuming')) return 'on';
  for (const view of ['checkFailed', 'unsupported', 'iosNeedsInstall', 'denied', 'off', 'asking', 'subscribing', 'failed', 'on', 'unsubscribing'] as const)
    if (s.matches(view)) return view;
  return 'checking';
}

export const isBusy = (s: PushSubscriptionSnapshot): boolean => s.hasTag('busy');
/** The prompt was closed without an answer. */
export const wasDismissed = (s: PushSubscriptionSnapshot): boolean => s.matches({ off: 'dismissed' });
export const turnOffFailed = (s: PushSubscriptionSnapshot): boolean => s.matches({ on: 'turnOffFailed' });

export const canTurnOn = (s: PushSubscriptionSnapshot): boolean => s.can({ type: 'push.turnOn' });
export const canTurnOff = (s: PushSubscriptionSnapshot): boolean => s.can({ type: 'push.turnOff' });
export const canRetry = (s: PushSubscriptionSnapshot): boolean => s.can({ type: 'push.retry' });
export const canRecheck = (s: PushSubscriptionSnapshot): boolean => s.can({ type: 'push.recheck' });
