/**
 * The push subscription machine's paths through the real settings page (docs/conventions.md, Tests): the model of
 * tests/machines/push-subscription.paths.test.ts, its covering subset. The browser's side (what a check finds, the
 * prompt's answer, PushManager.subscribe) is stubbed and set before each gesture by reading ahead in the path
 * (e2e/support/push-model-stub.ts); the server's side goes to the reference server, its failures injected with
 * page.route. What the page must show in each state is said by the decisions 251 and 254, checked on the screen.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { EventObject, SnapshotFrom } from 'xstate';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { pushSubscriptionMachine, type PushDevice } from '../../machines/push-subscription.machine.ts';
import { PUSH_PORT } from '../../playwright.config.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { setPush, stubModelPush, type PushPlan, type ReadOutcome } from '../support/push-model-stub.ts';
import { expectToast } from '../support/toasts.ts';
import { backoffice, createWorker, signIn, workerPath } from '../support/workers.ts';
import { browserPaths, coverageProblems, routeOutcomes, stepExecutors, type Outcome } from './browser-paths.ts';
import { m } from '../../src/paraglide/messages.js';

// The service worker is this file's subject: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

type Snap = SnapshotFrom<typeof pushSubscriptionMachine>;
type Step = { event: EventObject; state: Snap };
const fr = { locale: 'fr' } as const;
const { paths, title } = browserPaths(pushSubscriptionMachine, MODELS['push-subscription'].runs());

// The injected failures are answered 500: the browser logs each.
test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [/status of 500/] });

const subscription = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const id = randomBytes(9).toString('base64url');
  return {
    endpoint: `http://127.0.0.1:${PUSH_PORT}/push/${id}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  } as const;
};

/** The outcome of the first `actor` event after step `from`, read ahead ('hold' when the path ends first). */
function ahead(steps: readonly Step[], from: number, actor: string): { kind: 'ok'; output: unknown } | { kind: 'fail' } | { kind: 'hold' } {
  for (const step of steps.slice(from)) {
    if (step.event.type === `xstate.done.actor.${actor}`) return { kind: 'ok', output: (step.event as EventObject & { output: unknown }).output };
    if (step.event.type === `xstate.error.actor.${actor}`) return { kind: 'fail' };
  }
  return { kind: 'hold' };
}
const readAhead = (steps: readonly Step[], from: number): ReadOutcome => {
  const next = ahead(steps, from, 'readDevice');
  return next.kind === 'ok' ? (next.output as PushDevice) : next.kind;
};
/** What the prompt answers and, when it allows, how the subscription ends: for the tap at step `from`. */
function tapPlan(steps: readonly Step[], from: number): PushPlan {
  const answer = ahead(steps, from, 'requestPermission');
  const subscribe = ahead(steps, from, 'subscribeDevice');
  return {
    answer: answer.kind === 'ok' ? (answer.output as 'granted' | 'denied' | 'default') : answer.kind,
    subscribe: subscribe.kind === 'ok' ? 'ok' : subscribe.kind,
  };
}
/** The requests to the server an invoke makes, in order (a path that ends while one is under way: it holds). */
function serverOutcomes(steps: readonly Step[], actors: readonly string[], endsIn: readonly string[]): Outcome[] {
  const out: Outcome[] = [];
  for (const { event } of steps)
    for (const actor of actors) {
      if (event.type === `xstate.done.actor.${actor}`) out.push('ok');
      if (event.type === `xstate.error.actor.${actor}` && actor !== 'subscribeDevice') out.push('fail');
    }
  const last = steps.at(-1)?.state;
  if (last && endsIn.some((state) => last.matches(state as never))) out.push('hold');
  return out;
}

const SAYS = {
  checking: m.notificationSettings_checking,
  checkFailed: m.notificationSettings_checkFailed,
  unsupported: m.notificationSettings_unsupported,
  iosNeedsInstall: m.notificationSettings_iosInstall,
  denied: m.notificationSettings_denied,
  off: m.notificationSettings_off,
  asking: m.notificationSettings_asking,
  subscribing: m.notificationSettings_subscribing,
  resuming: m.notificationSettings_on,
  failed: m.notificationSettings_failed,
  on: m.notificationSettings_on,
  unsubscribing: m.notificationSettings_unsubscribing,
} as const;

test(title, () => {
  expect(coverageProblems(pushSubscriptionMachine, paths)).toEqual([]);
});

for (const path of paths) {
  test(path.name, async ({ page }) => {
    const steps = path.steps as unknown as Step[];
    const worker = await createWorker(page.request);
    const device = subscription();
    await stubModelPush(page, device, { read: readAhead(steps, 0) });
    await signIn(page, worker);
    const subscribes = await routeOutcomes(
      page,
      '**/api/user/me/push-subscriptions',
      serverOutcomes(steps, ['subscribeDevice', 'resendSubscription'], ['resuming']),
      {
        status: 500,
        code: 'internal_error',
        message: 'Erreur',
      },
    );
    const removes = await routeOutcomes(page, '**/api/user/me/push-subscriptions/remove', serverOutcomes(steps, ['unsubscribeDevice'], ['unsubscribing']), {
      status: 500,
      code: 'internal_error',
      message: 'Erreur',
    });
    const panel = page.locator('section[data-push]');
    const button = (name: string) => panel.getByRole('button', { name, exact: true });
    let index = 0;
    const { events, lastEvent } = stepExecutors({
      'xstate.init': async () => void (await page.goto('/notification-settings')),
      'push.turnOn': async () => {
        await setPush(page, tapPlan(steps, index));
        await button(m.notificationSettings_turnOn({}, fr)).click();
      },
      'push.retry': async () => {
        await setPush(page, tapPlan(steps, index));
        await button(m.notificationSettings_retry({}, fr)).click();
      },
      'push.recheck': async () => {
        await setPush(page, { read: readAhead(steps, index) });
        await button(m.notificationSettings_recheck({}, fr)).click();
      },
      'push.turnOff': async () => button(m.notificationSettings_turnOff({}, fr)).click(),
    });
    await path.test({
      events: new Proxy(events, {
        get: (target, type: string) => async (step: Step) => {
          index = steps.indexOf(step) + 1;
          await (target as Record<string, (s: Step) => Promise<void>>)[type]!(step);
        },
      }),
      states: {
        '*': async (snapshot: Snap) => {
          if (snapshot.matches('start')) return; // transient
          const state = (Object.keys(SAYS) as Array<keyof typeof SAYS>).find((key) => snapshot.matches(key))!;
          // A call the stub or the server answers at once is seen only where the path ends with it under way.
          const underWay = ['checking', 'asking', 'subscribing', 'resuming', 'unsubscribing'].includes(state);
          if (underWay && index < steps.length) return;
          await expect(panel.getByText(SAYS[state]({}, fr), { exact: true })).toBeVisible();
          const busy = state === 'asking' || state === 'subscribing' || state === 'unsubscribing';
          if (busy)
            await expect(panel.getByRole('button', { name: new RegExp(m.ui_busy({}, fr).replace(/[.…]/g, '.')) })).toHaveAttribute('aria-disabled', 'true');
          await expect(button(m.notificationSettings_turnOn({}, fr))).toHaveCount(
            snapshot.matches('off') || state === 'asking' || state === 'subscribing' ? 1 : 0,
          );
          await expect(button(m.notificationSettings_turnOff({}, fr))).toHaveCount(snapshot.matches('on') || state === 'unsubscribing' ? 1 : 0);
          await expect(button(m.notificationSettings_recheck({}, fr))).toHaveCount(state === 'denied' || state === 'checkFailed' ? 1 : 0);
          if (snapshot.matches({ off: 'dismissed' })) await expect(panel.getByText(m.notificationSettings_dismissed({}, fr))).toBeVisible();
          if (snapshot.matches({ on: 'turnOffFailed' }))
            await expect(panel.getByRole('alert').filter({ hasText: m.notificationSettings_turnOffFailed({}, fr) })).toBeVisible();
          const event = lastEvent();
          if (event.type === 'xstate.done.actor.subscribeDevice') await expectToast(page, m.notifications_turnedOn({}, fr), 'success');
          if (event.type === 'xstate.done.actor.unsubscribeDevice') await expectToast(page, m.notifications_turnedOff({}, fr), 'success');
          // What the server holds follows the page: on once a subscription or a held one went through, off once removed.
          if (state === 'on' && !snapshot.matches('resuming')) {
            const devices = await backoffice<unknown[]>(page.request, 'GET', `${workerPath(worker.email)}/push-devices`);
            expect(devices.length, 'the server holds this device').toBe(1);
          }
          if (state === 'failed' || state === 'denied' || state === 'checkFailed') await expectAccessible(page, `push settings: ${state}`);
        },
      },
    } as never);
    expect(subscribes.left() + removes.left(), 'every outcome the path planned was used').toBe(0);
  });
}
