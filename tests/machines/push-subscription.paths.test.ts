import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { pushSubscriptionMachine } from '../../machines/push-subscription.machine.ts';
import { canRecheck, canRetry, canTurnOff, canTurnOn, isBusy, pushView, turnOffFailed, wasDismissed } from '../../machines/push-subscription.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { MODELS } from './fixtures/models.ts';
import {
  DEVICES,
  NOTIFY_TURNED_OFF,
  NOTIFY_TURNED_ON,
  PUSH_SERVICE_ERROR,
  pushSubscriptionExpected as expected,
  pushSubscriptionFixtures as fixtures,
  pushSubscriptionKey as key,
} from './fixtures/push-subscription.ts';

type M = typeof pushSubscriptionMachine;
type Snap = SnapshotFrom<M>;

const ACTIONS = ['notify'] as const;
type Action = (typeof ACTIONS)[number];
const harness = () =>
  createHarness(pushSubscriptionMachine, {
    actors: ['readDevice', 'requestPermission', 'subscribeDevice', 'resendSubscription', 'unsubscribeDevice'],
    actions: ACTIONS,
  });
const runs = MODELS['push-subscription'].runs();

function check(actual: Snap, _e: Snap, h: Harness<M, Action>, event: { type: string }) {
  // The permission is asked only right after the worker's tap.
  if (actual.matches('asking')) expect(['push.turnOn', 'push.retry']).toContain(event.type);
  // Subscribing follows an allowed prompt; a browser that holds a subscription already has it sent again.
  if (actual.matches('subscribing')) expect(event.type).toBe('xstate.done.actor.requestPermission');
  if (actual.matches('resuming')) expect(actual.context.device).toEqual(DEVICES.subscribed);
  expect(canTurnOn(actual)).toBe(pushView(actual) === 'off');
  expect(canTurnOff(actual)).toBe(actual.matches('on'));
  expect(canRetry(actual)).toBe(pushView(actual) === 'failed');
  expect(canRecheck(actual)).toBe(pushView(actual) === 'denied' || pushView(actual) === 'checkFailed');
  expect(isBusy(actual)).toBe(['checking', 'asking', 'subscribing', 'unsubscribing'].includes(pushView(actual)) || actual.matches('resuming'));
  // A toast says it once it is done, never before.
  const toasts = h.paramsOf('notify');
  if (event.type === 'xstate.done.actor.subscribeDevice') expect(toasts.at(-1)).toEqual(NOTIFY_TURNED_ON);
  if (event.type === 'xstate.done.actor.unsubscribeDevice') expect(toasts.at(-1)).toEqual(NOTIFY_TURNED_OFF);
  expect(toasts.length).toBeLessThanOrEqual(h.deferred.calls.filter((c) => (c.src === 'subscribeDevice' || c.src === 'unsubscribeDevice') && c.settled).length);
  for (const toast of toasts) expect([NOTIFY_TURNED_ON, NOTIFY_TURNED_OFF]).toContainEqual(toast);
}

describe('push subscription machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(pushSubscriptionMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = runs.flatMap((r) => r.paths);
  const coverage = coverageOf(pushSubscriptionMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions (the branches of the transient start included) in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { input, paths } of runs) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))('%s', async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});

describe('push subscription machine: journeys with fixed end states', () => {
  it('a worker turns notifications on after a tap, then off', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.readDevice', output: DEVICES.fresh });
    expect([pushView(h.snapshot()), h.deferred.calls.map((c) => c.src)]).toEqual(['off', ['readDevice']]);
    await h.exec({ type: 'push.turnOn' });
    await h.exec({ type: 'xstate.done.actor.requestPermission', output: 'granted' });
    await h.exec({ type: 'xstate.done.actor.subscribeDevice', output: undefined });
    expect(pushView(h.snapshot())).toBe('on');
    await h.exec({ type: 'push.turnOff' });
    await h.exec({ type: 'xstate.done.actor.unsubscribeDevice', output: undefined });
    expect(h.snapshot().value).toEqual({ off: 'idle' });
    expect(h.paramsOf('notify')).toEqual([NOTIFY_TURNED_ON, NOTIFY_TURNED_OFF]);
  });

  it('a subscription the browser holds is sent again for the worker signed in now, without asking anything', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.readDevice', output: DEVICES.subscribed });
    expect(h.deferred.calls.map((c) => c.src)).toEqual(['readDevice', 'resendSubscription']);
    await h.exec({ type: 'xstate.done.actor.resendSubscription', output: undefined });
    expect([pushView(h.snapshot()), h.paramsOf('notify')]).toEqual(['on', []]);
  });

  it('a dismissed prompt may be tapped again; a refusal shows how to allow; a push service error offers to retry', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.readDevice', output: DEVICES.fresh });
    await h.exec({ type: 'push.turnOn' });
    await h.exec({ type: 'xstate.done.actor.requestPermission', output: 'default' });
    expect(wasDismissed(h.snapshot())).toBe(true);
    await h.exec({ type: 'push.turnOn' });
    await h.exec({ type: 'xstate.done.actor.requestPermission', output: 'granted' });
    await h.exec({ type: 'xstate.error.actor.subscribeDevice', error: PUSH_SERVICE_ERROR });
    expect(pushView(h.snapshot())).toBe('failed');
    await h.exec({ type: 'push.retry' });
    await h.exec({ type: 'xstate.done.actor.requestPermission', output: 'denied' });
    expect([pushView(h.snapshot()), canTurnOn(h.snapshot())]).toEqual(['denied', false]);
  });

  it('a failed turning off keeps them on, and says so', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.readDevice', output: DEVICES.subscribed });
    await h.exec({ type: 'xstate.done.actor.resendSubscription', output: undefined });
    await h.exec({ type: 'push.turnOff' });
    await h.exec({ type: 'xstate.error.actor.unsubscribeDevice', error: new Error('offline') });
    expect([pushView(h.snapshot()), turnOffFailed(h.snapshot()), canTurnOff(h.snapshot())]).toEqual(['on', true, true]);
  });
});
