/**
 * The calendar feed's paths through the real planning page in Chromium (docs/conventions.md, Tests): the model of
 * tests/machines/calendar-feed.paths.test.ts, its covering subset, walked in the feed's panel on /planning. A worker
 * has one feed: the paths share the file's worker, and each first stops whatever feed an earlier path left, then
 * makes its input as the portal would:
 *  - a feed made on an earlier visit: made through the API, and read once by a calendar app (its address fetched
 *    from outside the browser), so the page knows since when and when it was last read;
 *  - no feed yet: nothing to make;
 *  - a state the page could not read: the route's read of the feed answered 500 by page.route (the server cannot
 *    fail on demand).
 * Every call the machine makes (create, read, renew, stop) is held (e2e/support/held-network.ts) until the step of the
 * path that ends it: a success goes on to the reference server, a failure is the fixture's error, answered by
 * page.route; a path that ends while one is under way shows it busy. A creation refused because a feed is active is
 * the server's own answer: another device makes one through the API while the page's creation is held. The
 * clipboard is the browser's API stubbed to answer as the path says (the page copies through navigator.clipboard;
 * a refusal cannot be had on demand from Chromium). After each step the panel must show the state the path planned.
 */
import type { Page, Route } from '@playwright/test';
import type { EventObject, SnapshotFrom } from 'xstate';
import type { CalendarFeedAddress } from '#domain/api-schema.ts';
import { calendarFeedMachine } from '../../machines/calendar-feed.machine.ts';
import { CALENDAR_FEED_INPUTS } from '../../tests/machines/fixtures/calendar-feed.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { pathTitle } from '../../tests/machines/helpers/expectations.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, accessibleOncePerState } from '../fixtures.ts';
import { HeldNetwork } from '../support/held-network.ts';
import { rememberPersonalData } from '../support/known-data.ts';
import { expectToast } from '../support/toasts.ts';
import { signIn, workerPerFile, type Worker } from '../support/workers.ts';
import { browserPaths, coverageProblems, statusOf, stepExecutors } from './browser-paths.ts';

type Snap = SnapshotFrom<typeof calendarFeedMachine>;
const fr = { locale: 'fr' } as const;
const model = MODELS['calendar-feed'];
const LABELS = ['a feed made on an earlier visit', 'no feed yet', 'a state the page could not read'] as const;
const { paths, title } = browserPaths(calendarFeedMachine, model.runs(), {
  name: (path, input) => `${LABELS[CALENDAR_FEED_INPUTS.indexOf(input as never)]}: ${pathTitle(model.expected, path as never, input)}`,
});
// The injected failures (500) and the refused creation (409) are logged by the browser.
test.use({ allowedConsoleErrors: [/status of (409|500)/] });

const FEED = '/api/user/me/calendar-feed';
const sharedWorker = workerPerFile();
const ENDPOINTS = {
  create: { method: 'POST', path: FEED },
  load: { method: 'GET', path: FEED },
  revoke: { method: 'POST', path: `${FEED}/revoke` },
  renew: { method: 'POST', path: `${FEED}/renew` },
} as const;
type Call = keyof typeof ENDPOINTS;
const CALLS: Record<string, Call> = { createFeed: 'create', loadFeed: 'load', revokeFeed: 'revoke', renewFeed: 'renew' };

/** A feed made through the API (another device, or an earlier visit); its secret is personal data from now on. */
async function feedOnServer(page: Page, worker: Worker): Promise<CalendarFeedAddress> {
  const made = await page.request.post(FEED, { headers: { Authorization: `Bearer ${worker.token}` }, data: {} });
  expect(made.status(), await made.text()).toBe(201);
  const address = (await made.json()) as CalendarFeedAddress;
  rememberAddress(address.url);
  return address;
}
function rememberAddress(url: string) {
  const secret = /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1];
  expect(secret, url).toBeTruthy();
  rememberPersonalData({ calendarFeedSecret: secret });
}

/**
 * navigator.clipboard.writeText, answered when the test says (`__clipboard(true | false)`, in order): a copy the
 * path ends while under way is never answered. What the page copied is kept in `__copied`.
 */
async function stubClipboard(page: Page) {
  await page.addInitScript(() => {
    const pending: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
    const w = window as unknown as { __copied: string[]; __clipboard: (ok: boolean) => boolean };
    w.__copied = [];
    w.__clipboard = (ok) => {
      const next = pending.shift();
      if (!next) return false;
      if (ok) next.resolve();
      else next.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
      return true;
    };
    Clipboard.prototype.writeText = function writeText(text: string) {
      w.__copied.push(text);
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
    };
  });
}

/** The read of the feed's state, answered 500 (a POST to the same address goes on). */
const unreadable = (route: Route) =>
  route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { code: 'internal_error', message: 'Erreur' } }) : route.fallback();

/** How many requests the page sent to each call (the calls the path planned, none twice). */
function counted(page: Page) {
  const sent: Record<Call, number> = { create: 0, load: 0, revoke: 0, renew: 0 };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const call = (Object.keys(ENDPOINTS) as Call[]).find((k) => ENDPOINTS[k].method === request.method() && ENDPOINTS[k].path === path);
    if (call) sent[call] += 1;
  });
  return sent;
}

/** The calls the path plans: each one it ends, and the one under way where it ends (the route's own read first). */
function planned(path: { steps: ReadonlyArray<{ event: EventObject }>; state: Snap }): Record<Call, number> {
  const calls: Record<Call, number> = { create: 0, load: 1, revoke: 0, renew: 0 };
  for (const { event } of path.steps) {
    const actor = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(event.type)?.[1];
    if (actor && CALLS[actor]) calls[CALLS[actor]] += 1;
  }
  const underWay = (['loading', 'creating', 'revoking', 'renewing'] as const).find((state) => path.state.matches(state));
  if (underWay) calls[({ loading: 'load', creating: 'create', revoking: 'revoke', renewing: 'renew' } as const)[underWay]] += 1;
  return calls;
}

/** Axe on a state of the machine the first time this file's run reaches it (each path runs the page's own check on opening). */
const accessibleOnce = accessibleOncePerState();

test(title, () => {
  expect(coverageProblems(calendarFeedMachine, paths)).toEqual([]);
});

for (const path of paths) {
  test(path.name, async ({ page }) => {
    const worker = await sharedWorker(page.request);
    // Whatever feed an earlier path of this worker left is stopped: the path starts from its own input.
    const reset = await page.request.post(`${FEED}/revoke`, { headers: { Authorization: `Bearer ${worker.token}` }, data: {} });
    expect(reset.status()).toBe(204);
    if (path.input.status?.active) {
      // A calendar app reads it once, from outside the browser.
      const address = await feedOnServer(page, worker);
      expect((await fetch(address.url)).status).toBe(200);
    }
    // The route's read of the feed fails once (the server cannot fail on demand): the page starts from an unknown state.
    if (path.input.status === null) await page.route(`**${FEED}`, unreadable, { times: 1 });
    const held = new HeldNetwork(page, ENDPOINTS);
    await held.install();
    for (const call of ['create', 'revoke', 'renew'] as const) held.arm(call, { every: true });
    await stubClipboard(page);
    const sent = counted(page);
    await signIn(page, worker);

    const panel = page.getByRole('region', { name: m.calendarFeed_title({}, fr) });
    const button = (name: string) => panel.getByRole('button', { name, exact: true });
    /** A button by the start of its name (a busy one says so after it). */
    const named = (name: string) => panel.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
    const field = panel.getByRole('textbox', { name: m.calendarFeed_addressLabel({}, fr) });
    let current: Snap | undefined;
    /** The address shown before the step (a renewal must show another). */
    let shownBefore: string | null = null;

    const answer = (actor: string, error?: unknown) => {
      const call = CALLS[actor]!;
      if (error === undefined) return held.pass(call);
      const { code, message } = error as { code: string; message: string };
      return held.fail(call, statusOf(code), code, message);
    };
    const clipboard = async (ok: boolean) =>
      expect.poll(() => page.evaluate((answer) => (window as never as { __clipboard: (ok: boolean) => boolean }).__clipboard(answer), ok)).toBe(true);

    const { events, lastEvent } = stepExecutors({
      'xstate.init': async () => {
        await page.goto('/planning');
        await expect(panel).not.toHaveAttribute('data-calendar-feed', 'loading');
        // From now on the machine's own reads of the feed are held too (the route's read went through).
        held.arm('load', { every: true });
      },
      'feed.create': async () => button(m.calendarFeed_add({}, fr)).click(),
      'feed.copy': async () => button(m.calendarFeed_copy({}, fr)).click(),
      'feed.revoke': async () => button(m.calendarFeed_stop({}, fr)).click(),
      'feed.renew': async () => button(m.calendarFeed_renew({}, fr)).click(),
      'feed.confirm': async () =>
        button(
          current?.matches({ active: { confirming: 'renew' } }) ? m.calendarFeed_confirmRenewButton({}, fr) : m.calendarFeed_confirmStopButton({}, fr),
        ).click(),
      'feed.cancel': async () => button(m.calendarFeed_keep({}, fr)).click(),
      'feed.retry': async () => button(m.calendarFeed_retry({}, fr)).click(),
      'xstate.done.actor.createFeed': async () => answer('createFeed'),
      // Another device made a feed meanwhile: the server itself refuses this one.
      'xstate.error.actor.createFeed': async ({ event }) => {
        const { error } = event as EventObject & { error: { code: string } };
        if (error.code !== 'calendar_feed_active') return answer('createFeed', error);
        await feedOnServer(page, worker);
        return answer('createFeed');
      },
      'xstate.done.actor.loadFeed': async () => answer('loadFeed'),
      'xstate.error.actor.loadFeed': async ({ event }) => answer('loadFeed', (event as EventObject & { error: unknown }).error),
      'xstate.done.actor.revokeFeed': async () => answer('revokeFeed'),
      'xstate.error.actor.revokeFeed': async ({ event }) => answer('revokeFeed', (event as EventObject & { error: unknown }).error),
      'xstate.done.actor.renewFeed': async () => answer('renewFeed'),
      'xstate.error.actor.renewFeed': async ({ event }) => answer('renewFeed', (event as EventObject & { error: unknown }).error),
      'xstate.done.actor.copyAddress': async () => clipboard(true),
      'xstate.error.actor.copyAddress': async () => clipboard(false),
    });

    await path.test({
      events,
      states: {
        '*': async (state: Snap) => {
          current = state;
          const view = state.matches('unknown')
            ? 'unknown'
            : state.matches('loading')
              ? 'loading'
              : state.matches('none') || state.matches('creating')
                ? 'none'
                : 'active';
          await expect(panel).toHaveAttribute('data-calendar-feed', view);
          if (view === 'unknown') {
            await expect(panel.getByText(m.calendarFeed_unknown({}, fr))).toBeVisible();
            await expect(button(m.calendarFeed_retry({}, fr))).toBeVisible();
            return accessibleOnce(page, 'the calendar feed, its state unknown');
          }
          if (view === 'loading') return expect(panel.getByRole('status')).toHaveText(m.calendarFeed_loading({}, fr));
          if (view === 'none') return none(state);
          return active(state);
        },
      },
    } as never);

    async function none(state: Snap) {
      const add = named(m.calendarFeed_add({}, fr));
      await expect(panel.getByText(m.calendarFeed_intro({}, fr))).toBeVisible();
      await expect(field).toHaveCount(0);
      await expect(panel.getByRole('alert')).toHaveText(state.matches({ none: 'createFailed' }) ? [m.calendarFeed_createFailed({}, fr)] : []);
      if (state.matches('creating')) return expect(add).toHaveAttribute('aria-disabled', 'true');
      await expect(add).toBeEnabled();
      await expect(add).not.toHaveAttribute('aria-disabled');
      if (lastEvent().type === 'xstate.done.actor.revokeFeed') await expectToast(page, m.calendarFeed_stopped({}, fr), 'success');
      if (state.matches({ none: 'createFailed' })) await accessibleOnce(page, 'the calendar feed not created');
    }

    async function active(state: Snap) {
      const { status, address } = state.context;
      await expect(panel.getByText(/^Votre agenda est abonné à votre planning depuis le .+\.$/)).toBeVisible();
      await expect(panel.getByText(status?.lastFetchedAt ? /^Dernière lecture par un agenda : le .+\.$/ : m.calendarFeed_neverRead({}, fr))).toBeVisible();
      await expect(field).toHaveCount(address ? 1 : 0);
      await expect(panel.getByText(m.calendarFeed_hiddenAddress({}, fr))).toHaveCount(address ? 0 : 1);
      if (address) await shown(state);
      const failure = state.matches({ active: 'revokeFailed' })
        ? m.calendarFeed_revokeFailed({}, fr)
        : state.matches({ active: 'renewFailed' })
          ? m.calendarFeed_renewFailed({}, fr)
          : null;
      await expect(panel.getByRole('alert')).toHaveText(failure ? [failure] : []);
      const asking = state.matches({ active: { confirming: 'revoke' } }) ? 'revoke' : state.matches({ active: { confirming: 'renew' } }) ? 'renew' : null;
      await expect(panel.getByText(m.calendarFeed_confirmStop({}, fr))).toHaveCount(asking === 'revoke' ? 1 : 0);
      await expect(panel.getByText(m.calendarFeed_confirmRenew({}, fr))).toHaveCount(asking === 'renew' ? 1 : 0);
      // Stop and New address stay, each busy while its own call is under way.
      for (const [name, busy] of [
        [m.calendarFeed_stop({}, fr), state.matches('revoking')],
        [m.calendarFeed_renew({}, fr), state.matches('renewing')],
      ] as const)
        if (busy) await expect(named(name)).toHaveAttribute('aria-disabled', 'true');
        else await expect(named(name)).not.toHaveAttribute('aria-disabled');
      if (asking) await accessibleOnce(page, `the calendar feed, asking to ${asking === 'revoke' ? 'stop it' : 'renew its address'}`);
      if (failure) await accessibleOnce(page, 'the calendar feed, its call failed');
    }

    /** The address this page made: copy, webcal link, QR code, and what the copy did. */
    async function shown(state: Snap) {
      const url = await field.inputValue();
      expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      rememberAddress(url);
      // A renewal or a creation shows an address of its own (a renewed one is another).
      if (lastEvent().type === 'xstate.done.actor.renewFeed') expect(url).not.toBe(shownBefore);
      shownBefore = url;
      await expect(panel.getByRole('link', { name: m.calendarFeed_openInApp({}, fr) })).toHaveAttribute('href', url.replace(/^https?:/, 'webcal:'));
      await expect(panel.getByRole('img', { name: m.calendarFeed_qrLabel({}, fr) })).toBeVisible();
      const copy = named(m.calendarFeed_copy({}, fr));
      const said = state.matches({ active: { shown: 'copied' } })
        ? m.calendarFeed_copied({}, fr)
        : state.matches({ active: { shown: 'copyFailed' } })
          ? m.calendarFeed_copyFailed({}, fr)
          : '';
      await expect(panel.getByRole('status')).toHaveText(said);
      if (state.matches({ active: { shown: 'copying' } })) await expect(copy).toHaveAttribute('aria-disabled', 'true');
      else await expect(copy).not.toHaveAttribute('aria-disabled');
      if (state.matches({ active: { shown: 'copying' } }) || state.matches({ active: { shown: 'copied' } }))
        expect(await page.evaluate(() => (window as never as { __copied: string[] }).__copied.at(-1))).toBe(url);
      if (state.matches({ active: { shown: 'copyFailed' } })) {
        // The address is selected to copy by hand.
        await expect(field).toBeFocused();
        await accessibleOnce(page, 'the calendar feed, the copy refused');
      }
    }

    const expected = planned(path as never);
    await expect.poll(() => ({ ...sent }), { message: 'every call the path planned, none twice' }).toEqual(expected);
  });
}
