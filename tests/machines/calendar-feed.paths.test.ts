import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { calendarFeedMachine } from '../../machines/calendar-feed.machine.ts';
import {
  activeSince,
  canCopy,
  canCreate,
  confirming,
  copyState,
  failure,
  feedAddress,
  feedView,
  isBusy,
  lastReadAt,
} from '../../machines/calendar-feed.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import {
  ACTIVE,
  ADDRESS,
  CLIPBOARD_REFUSED,
  FEED_ACTIVE_ERROR,
  NEW_ADDRESS,
  NONE,
  calendarFeedFixtures as fixtures,
  calendarFeedExpected as expected,
  calendarFeedKey as key,
} from './fixtures/calendar-feed.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';

type M = typeof calendarFeedMachine;
type Snap = SnapshotFrom<M>;

const ACTIONS = ['notify'] as const;
type Action = (typeof ACTIONS)[number];
const harness = () => createHarness(calendarFeedMachine, { actors: ['loadFeed', 'createFeed', 'copyAddress', 'revokeFeed', 'renewFeed'], actions: ACTIONS });
const pathsByInput = MODELS['calendar-feed'].runs();
const STOPPED = { type: 'success', msg: 'calendarFeed_stopped' };

function check(actual: Snap, _e: Snap, h: Harness<M, Action>, event: { type: string }) {
  // The address is shown only once this page made it; a feed made on another visit shows "active since".
  if (actual.matches({ active: 'hidden' })) expect(feedAddress(actual)).toBeNull();
  if (actual.matches({ active: 'shown' })) expect(feedAddress(actual)?.url).toMatch(/^https:\/\/portail\.example\.be\/api\/calendar\/\w{43}\.ics$/);
  if (feedView(actual) === 'active') expect(actual.context.status?.active).toBe(true);
  if (feedView(actual) === 'none') expect([actual.context.status, feedAddress(actual)]).toEqual([NONE, null]);
  expect(canCopy(actual)).toBe(feedAddress(actual) !== null && !actual.hasTag('busy'));
  expect(canCreate(actual)).toBe(actual.matches('none'));
  // The copy writes the address the worker sees, never anything else.
  if (event.type === 'feed.copy') expect(h.deferred.inputsOf('copyAddress').at(-1)).toEqual({ text: feedAddress(actual)!.url });
  // Nothing is stopped or replaced without a confirmation just before.
  if (actual.matches('revoking')) expect(event.type).toBe('feed.confirm');
  if (actual.matches('renewing')) expect(event.type).toBe('feed.confirm');
  // A creation refused because a feed exists reads the state again instead of replacing it.
  if (event.type === 'xstate.error.actor.createFeed' && actual.matches('loading')) expect(h.deferred.calls.at(-1)?.src).toBe('loadFeed');
  const stops = h.deferred.calls.filter((c) => c.src === 'revokeFeed' && c.settled).length;
  if (event.type === 'xstate.done.actor.revokeFeed') expect(h.paramsOf('notify')).toEqual([STOPPED]);
  else if (stops === 0) expect(h.paramsOf('notify')).toEqual([]);
}

describe('calendar feed machine: model-based paths (active, none, unknown)', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(calendarFeedMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = pathsByInput.flatMap((p) => p.paths);
  const coverage = coverageOf(calendarFeedMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions (the branches of the transient start included) in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
    // The check itself can fail: from an active feed's input alone, `start` is never left for `unknown` (only a failed
    // read leads there, and not through `start`).
    expect(coverageOf(calendarFeedMachine, pathsByInput[0]!.paths).transitions.missing).toContain('calendarFeed.start --always--> calendarFeed.unknown');
  });
  for (const { input, paths } of pathsByInput) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(
      `status ${input.status === null ? 'unknown' : input.status.active ? 'active' : 'none'}: %s`,
      async (_, path) => {
        await executePath(path, { harness, input, key, expected, check });
      },
    );
  }
});

describe('calendar feed machine: journeys with fixed end states', () => {
  it('a worker without a feed adds it, copies its address, then stops it after confirming', async () => {
    const h = harness();
    h.start({ status: NONE });
    expect(feedView(h.snapshot())).toBe('none');
    await h.exec({ type: 'feed.create' });
    expect(isBusy(h.snapshot())).toBe(true);
    await h.exec({ type: 'xstate.done.actor.createFeed', output: ADDRESS });
    expect(feedAddress(h.snapshot())).toEqual(ADDRESS);
    expect([activeSince(h.snapshot()), lastReadAt(h.snapshot())]).toEqual([ADDRESS.createdAt, null]);
    await h.exec({ type: 'feed.copy' });
    expect(h.deferred.inputsOf('copyAddress')).toEqual([{ text: ADDRESS.url }]);
    await h.exec({ type: 'xstate.done.actor.copyAddress', output: undefined });
    expect(copyState(h.snapshot())).toBe('copied');
    await h.exec({ type: 'feed.revoke' });
    expect(confirming(h.snapshot())).toBe('revoke');
    expect(h.deferred.calls.filter((c) => c.src === 'revokeFeed')).toEqual([]);
    await h.exec({ type: 'feed.confirm' });
    await h.exec({ type: 'xstate.done.actor.revokeFeed', output: undefined });
    expect(h.snapshot().value).toEqual({ none: 'idle' });
    expect(feedAddress(h.snapshot())).toBeNull();
    expect(h.paramsOf('notify')).toEqual([STOPPED]);
  });

  it('a worker back with an active feed sees since when, and a new address only after confirming', async () => {
    const h = harness();
    h.start({ status: ACTIVE });
    expect(h.snapshot().value).toEqual({ active: 'hidden' });
    expect([feedAddress(h.snapshot()), activeSince(h.snapshot()), lastReadAt(h.snapshot())]).toEqual([null, ACTIVE.createdAt, ACTIVE.lastFetchedAt]);
    expect(canCopy(h.snapshot())).toBe(false);
    await h.exec({ type: 'feed.renew' });
    await h.exec({ type: 'feed.cancel' });
    expect(h.snapshot().value).toEqual({ active: 'hidden' });
    await h.exec({ type: 'feed.renew' });
    await h.exec({ type: 'feed.confirm' });
    await h.exec({ type: 'xstate.error.actor.renewFeed', error: INTERNAL_ERROR });
    expect([failure(h.snapshot()), feedAddress(h.snapshot())]).toEqual(['renew', null]);
    await h.exec({ type: 'feed.renew' });
    await h.exec({ type: 'feed.confirm' });
    await h.exec({ type: 'xstate.done.actor.renewFeed', output: NEW_ADDRESS });
    expect(feedAddress(h.snapshot())).toEqual(NEW_ADDRESS);
    expect(activeSince(h.snapshot())).toBe(NEW_ADDRESS.createdAt);
  });

  it('a failed stop keeps the feed and its address; a refused clipboard says so and can be tried again', async () => {
    const h = harness();
    h.start({ status: NONE });
    await h.exec({ type: 'feed.create' });
    await h.exec({ type: 'xstate.done.actor.createFeed', output: ADDRESS });
    await h.exec({ type: 'feed.copy' });
    await h.exec({ type: 'xstate.error.actor.copyAddress', error: CLIPBOARD_REFUSED });
    expect(copyState(h.snapshot())).toBe('failed');
    await h.exec({ type: 'feed.revoke' });
    await h.exec({ type: 'feed.confirm' });
    await h.exec({ type: 'xstate.error.actor.revokeFeed', error: INTERNAL_ERROR });
    expect([failure(h.snapshot()), feedAddress(h.snapshot())]).toEqual(['revoke', ADDRESS]);
    await h.exec({ type: 'feed.copy' });
    await h.exec({ type: 'xstate.done.actor.copyAddress', output: undefined });
    expect(copyState(h.snapshot())).toBe('copied');
    expect(h.paramsOf('notify')).toEqual([]);
  });

  it('a creation refused because another page made a feed reads the state instead of replacing it', async () => {
    const h = harness();
    h.start({ status: null });
    expect(feedView(h.snapshot())).toBe('unknown');
    await h.exec({ type: 'feed.retry' });
    await h.exec({ type: 'xstate.done.actor.loadFeed', output: NONE });
    await h.exec({ type: 'feed.create' });
    await h.exec({ type: 'xstate.error.actor.createFeed', error: FEED_ACTIVE_ERROR });
    expect(feedView(h.snapshot())).toBe('loading');
    await h.exec({ type: 'xstate.done.actor.loadFeed', output: ACTIVE });
    expect(h.snapshot().value).toEqual({ active: 'hidden' });
    expect(h.deferred.inputsOf('renewFeed')).toEqual([]);
  });
});
