import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { OFFER_DECLINE_REASON_MAX } from '#domain/offers.ts';
import { offerMachine } from '../../machines/offer.machine.ts';
import {
  canAccept,
  canApply,
  mayGiveBack,
  canDecline,
  canRetry,
  dialog,
  isBusy,
  offerOf,
  offerView,
  overlappingShifts,
  reasonOf,
  unavailableWhy,
} from '../../machines/offer.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR, apiError } from './fixtures/api.ts';
import { MODELS } from './fixtures/models.ts';
import { ACCEPTED, NOW, OFFER_ID, OPEN, OVERLAPPING, REASON, offerExpected as expected, offerFixtures as fixtures, offerKey as key } from './fixtures/offer.ts';

type M = typeof offerMachine;
type Snap = SnapshotFrom<M>;

const harness = () => createHarness(offerMachine, { actors: ['loadOffer', 'acceptOffer', 'declineOffer', 'offerStep'], actions: [], now: NOW });
const runs = MODELS.offer.runs();

function check(actual: Snap, _e: Snap, h: Harness<M, never>, event: { type: string }) {
  // Accept is offered only on an open offer none of whose shifts overlaps a mission.
  const takeable = offerView(actual) === 'open' && !actual.hasTag('dialogOpen') && overlappingShifts(actual).length === 0;
  expect(canAccept(actual)).toBe(takeable && offerOf(actual)?.staffing !== 'selection');
  // A selection offer is applied for instead (decision 260); a give-back only until the cut-off (decision 262).
  expect(canApply(actual)).toBe(takeable && offerOf(actual)?.staffing === 'selection');
  expect(mayGiveBack(actual)).toBe(actual.matches({ accepted: 'returnable' }) && h.clock()!.now() < Date.parse(offerOf(actual)!.giveBackUntil ?? ''));
  expect(canDecline(actual)).toBe(actual.matches({ answerable: 'open' }));
  expect(canRetry(actual)).toBe(offerView(actual) === 'failed');
  // An offer that is not the worker's says why, with nothing to retry.
  expect(unavailableWhy(actual) !== null).toBe(offerView(actual) === 'unavailable');
  // Nothing is sent without the confirmation just before; the answer names this offer (and the reason as typed).
  // Over a student's quota the confirmation named the consequence, and the accept says the worker knows it.
  if (actual.matches('accepting'))
    expect([event.type, h.deferred.inputsOf('acceptOffer').at(-1)]).toEqual([
      'offer.confirm',
      { id: OFFER_ID, confirmOverQuota: offerOf(actual)?.quota?.over === true },
    ]);
  if (actual.matches('sendingDecline'))
    expect([event.type, h.deferred.inputsOf('declineOffer').at(-1)]).toEqual(['offer.confirm', { id: OFFER_ID, reason: reasonOf(actual) }]);
  expect(Array.from(reasonOf(actual)).length).toBeLessThanOrEqual(OFFER_DECLINE_REASON_MAX);
  // The page shows the offer's own status once it rests; a closed one is marked so.
  const view = offerView(actual);
  if (['accepted', 'declined', 'filled', 'expired', 'withdrawn'].includes(view)) expect(offerOf(actual)?.status).toBe(view);
  if (view === 'filled') expect(offerOf(actual)?.placesLeft).toBe(0);
  expect(dialog(actual) !== null).toBe(actual.hasTag('dialogOpen'));
  expect(isBusy(actual)).toBe(actual.matches('loading') || actual.matches('accepting') || actual.matches('sendingDecline'));
  // Until the deadline the page's clock waits for it; from then on no answer is open.
  const now = h.clock()!.now();
  if (view === 'open') expect(now).toBeLessThan(Date.parse(offerOf(actual)!.answerBy));
  if (now >= Date.parse(OPEN.answerBy)) expect(canAccept(actual) || canDecline(actual)).toBe(false);
}

describe('offer machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(offerMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = runs.flatMap((r) => r.paths);
  const coverage = coverageOf(offerMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions (the branches of the transient start included) in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { label, input, paths } of runs) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(`${label}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});

describe('offer machine: journeys with fixed end states', () => {
  it('a worker accepts after confirming the shifts; the missions come with the answer', async () => {
    const h = harness();
    h.start({ id: OFFER_ID, offer: OPEN });
    expect(offerView(h.snapshot())).toBe('open');
    await h.exec({ type: 'offer.accept' });
    expect(dialog(h.snapshot())).toBe('accept');
    expect(h.deferred.calls).toEqual([]);
    await h.exec({ type: 'offer.confirm' });
    await h.exec({ type: 'xstate.done.actor.acceptOffer', output: ACCEPTED });
    expect([offerView(h.snapshot()), offerOf(h.snapshot())?.missions]).toEqual(['accepted', ['mab12', 'mcd34']]);
  });

  it('another worker took the last place first: the offer shows filled, no place left', async () => {
    const h = harness();
    h.start({ id: OFFER_ID, offer: OPEN });
    await h.exec({ type: 'offer.accept' });
    await h.exec({ type: 'offer.confirm' });
    await h.exec({ type: 'xstate.error.actor.acceptOffer', error: apiError('offer_filled', 'complète') });
    expect([offerView(h.snapshot()), offerOf(h.snapshot())?.placesLeft, canAccept(h.snapshot())]).toEqual(['filled', 0, false]);
  });

  it('an answer without a reply reads the offer again: an accept that did arrive shows as accepted', async () => {
    const h = harness();
    h.start({ id: OFFER_ID, offer: OPEN });
    await h.exec({ type: 'offer.accept' });
    await h.exec({ type: 'offer.confirm' });
    await h.exec({ type: 'xstate.error.actor.acceptOffer', error: INTERNAL_ERROR });
    expect(offerView(h.snapshot())).toBe('failed');
    await h.exec({ type: 'offer.retry' });
    expect(h.deferred.inputsOf('loadOffer')).toEqual([{ id: OFFER_ID }]);
    await h.exec({ type: 'xstate.done.actor.loadOffer', output: ACCEPTED });
    expect(offerView(h.snapshot())).toBe('accepted');
  });

  it('a shift overlapping a mission: no accept, decline with a reason cut at 500 characters', async () => {
    const h = harness();
    h.start({ id: OFFER_ID, offer: OVERLAPPING });
    expect([canAccept(h.snapshot()), overlappingShifts(h.snapshot()).map((s) => s.overlaps?.reference)]).toEqual([false, ['CONGRES-MED']]);
    await h.exec({ type: 'offer.accept' });
    expect(h.snapshot().value).toEqual({ answerable: 'open' });
    await h.exec({ type: 'offer.decline' });
    await h.exec({ type: 'offer.reason', reason: REASON });
    await h.exec({ type: 'offer.confirm' });
    expect(h.deferred.inputsOf('declineOffer')).toEqual([{ id: OFFER_ID, reason: REASON.slice(0, 500) }]);
  });

  it('the deadline passes with the accept dialog open: the dialog closes, the offer reads expired, nothing can be sent', async () => {
    const h = harness();
    h.start({ id: OFFER_ID, offer: OPEN });
    await h.exec({ type: 'offer.accept' });
    h.clock()!.increment(Date.parse(OPEN.answerBy) - NOW - 1);
    expect(dialog(h.snapshot())).toBe('accept');
    h.clock()!.increment(1);
    expect([offerView(h.snapshot()), dialog(h.snapshot()), offerOf(h.snapshot())?.status, canAccept(h.snapshot())]).toEqual([
      'expired',
      null,
      'expired',
      false,
    ]);
    await h.exec({ type: 'offer.confirm' });
    expect(h.deferred.calls).toEqual([]);
  });

  it('an offer opened after its deadline by the phone’s clock (the server still said open) shows expired at once', async () => {
    const h = harness();
    h.start({ id: OFFER_ID, offer: { ...OPEN, answerBy: new Date(NOW - 1000).toISOString() } });
    h.clock()!.increment(0); // the next turn of the clock: nothing of the time passes
    expect(offerView(h.snapshot())).toBe('expired');
  });
});
