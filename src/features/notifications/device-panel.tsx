/**
 * "On this device" of the notification settings: whether this browser receives the worker's notifications, and the
 * button that turns them on (the browser's permission is asked only on that tap) or off. Reads the push subscription
 * machine through its selectors only (machines/push-subscription.selectors.ts).
 */
import { useSelector } from '@xstate/react';
import {
  canRecheck,
  canRetry,
  canTurnOff,
  canTurnOn,
  pushView,
  turnOffFailed,
  wasDismissed,
  type PushSubscriptionActor,
} from '../../../machines/push-subscription.selectors.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import * as s from './notifications.css.ts';

const SAYS = {
  checking: m.notificationSettings_checking,
  checkFailed: m.notificationSettings_checkFailed,
  unsupported: m.notificationSettings_unsupported,
  iosNeedsInstall: m.notificationSettings_iosInstall,
  denied: m.notificationSettings_denied,
  off: m.notificationSettings_off,
  asking: m.notificationSettings_asking,
  subscribing: m.notificationSettings_subscribing,
  failed: m.notificationSettings_failed,
  on: m.notificationSettings_on,
  unsubscribing: m.notificationSettings_unsubscribing,
} as const;

export function DevicePanel({ actor }: { actor: PushSubscriptionActor }) {
  const view = useSelector(actor, pushView);
  const dismissed = useSelector(actor, wasDismissed);
  const offFailed = useSelector(actor, turnOffFailed);
  const can = {
    on: useSelector(actor, canTurnOn),
    off: useSelector(actor, canTurnOff),
    retry: useSelector(actor, canRetry),
    recheck: useSelector(actor, canRecheck),
  };
  const problem = view === 'failed' || view === 'checkFailed' || view === 'denied';
  return (
    <section className={s.panel} aria-labelledby="device-heading" data-push={view}>
      <h2 id="device-heading" className={s.heading}>
        {m.notificationSettings_deviceHeading()}
      </h2>
      <p className={problem ? s.problem : s.text} role={problem ? 'alert' : 'status'}>
        {SAYS[view]()}
      </p>
      {dismissed ? <p className={s.muted}>{m.notificationSettings_dismissed()}</p> : null}
      {offFailed ? (
        <p className={s.problem} role="alert">
          {m.notificationSettings_turnOffFailed()}
        </p>
      ) : null}
      <div className={s.actions}>
        {can.on || view === 'asking' || view === 'subscribing' ? (
          <Button onClick={() => actor.send({ type: 'push.turnOn' })} loading={view === 'asking' || view === 'subscribing'}>
            {m.notificationSettings_turnOn()}
          </Button>
        ) : null}
        {can.retry ? <Button onClick={() => actor.send({ type: 'push.retry' })}>{m.notificationSettings_retry()}</Button> : null}
        {can.recheck ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'push.recheck' })}>
            {m.notificationSettings_recheck()}
          </Button>
        ) : null}
        {can.off || view === 'unsubscribing' ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'push.turnOff' })} loading={view === 'unsubscribing'}>
            {m.notificationSettings_turnOff()}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
