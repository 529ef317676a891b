import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { parse } from 'yaml';
import { offerMachine } from '../../machines/offer.machine.ts';
import { canAccept, canDecline, canRetry, dialog, isBusy, offerOf, offerView, overlappingShifts, reasonOf } from '../../machines/offer.selectors.ts';
import { OFFER_DECLINE_REASON_MAX } from '../../machines/offer.types.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR, apiError } from './fixtures/api.ts';
import { MODELS } from './fixtures/models.ts';
import { ACCEPTED, OFFER_ID, OPEN, OVERLAPPING, REASON, offerExpected as expected, offerFixtures as fixtures, offerKey as key } from './fixtures/offer.ts';

type M = typeof offerMachine;
type Snap = SnapshotFrom<M>;

const harness = () => createHarness(offerMachine, { actors: ['loadOffer', 'acceptOffer', 'declineOffer'], actions: [] });
const runs = MODELS.offer.runs();

function check(actual: Snap, _e: Snap, h: Harness<M, never>, event: { type: string }) {
  // Accept is offered only on an open offer none of whose shifts overlaps a mission.
  expect(canAccept(actual)).toBe(offerView(actual) === 'open' && !actual.hasTag('dialogOpen') && overlappingShifts(actual).length === 0);
  expect(canDecline(actual)).toBe(actual.matches('open'));
  expect(canRetry(actual)).toBe(offerView(actual) === 'failed');
  // Nothing is sent without the confirmation just before; the answer names this offer (and the reason as typed).
  if (actual.matches('accepting')) expect([event.type, h.deferred.inputsOf('acceptOffer').at(-1)]).toEqual(['offer.confirm', { id: OFFER_ID }]);
  if (actual.matches({ declining: 'sending' }))
    expect([event.type, h.deferred.inputsOf('declineOffer').at(-1)]).toEqual(['offer.confirm', { id: OFFER_ID, reason: reasonOf(actual) }]);
  expect(Array.from(reasonOf(actual)).length).toBeLessThanOrEqual(OFFER_DECLINE_REASON_MAX);
  // The page shows the offer's own status once it rests; a closed one is marked so.
  const view = offerView(actual);
  if (['accepted', 'declined', 'filled', 'expired', 'withdrawn'].includes(view)) expect(offerOf(actual)?.status).toBe(view);
  if (view === 'filled') expect(offerOf(actual)?.placesLeft).toBe(0);
  expect(dialog(actual) !== null).toBe(actual.hasTag('dialogOpen'));
  expect(isBusy(actual)).toBe(actual.matches('loading') || actual.matches('accepting') || actual.matches({ declining: 'sending' }));
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
    expect(h.snapshot().value).toBe('open');
    await h.exec({ type: 'offer.decline' });
    await h.exec({ type: 'offer.reason', reason: REASON });
    await h.exec({ type: 'offer.confirm' });
    expect(h.deferred.inputsOf('declineOffer')).toEqual([{ id: OFFER_ID, reason: REASON.slice(0, 500) }]);
  });

  it('keeps the reason limit of the contract', () => {
    const doc = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
      components: { schemas: { OfferDecline: { properties: { reason: { maxLength: number } } } } };
    };
    expect(OFFER_DECLINE_REASON_MAX).toBe(doc.components.schemas.OfferDecline.properties.reason.maxLength);
  });
});
