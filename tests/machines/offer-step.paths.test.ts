import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { OFFER_GIVE_BACK_REASON_MAX } from '#domain/offer-staffing.ts';
import { offerStepMachine } from '../../machines/offer-step.machine.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { MODELS } from './fixtures/models.ts';
import { OFFER_ID } from './fixtures/offer.ts';
import { STEP_REASON, offerStepExpected as expected, offerStepFixtures as fixtures, offerStepKey as key } from './fixtures/offer-step.ts';

type M = typeof offerStepMachine;
type Snap = SnapshotFrom<M>;

const harness = () => createHarness(offerStepMachine, { actors: ['sendStep'], actions: [] });
const runs = MODELS['offer-step'].runs();

function check(actual: Snap, _e: Snap, h: Harness<M, never>, event: { type: string }) {
  // Sent only on the confirmation, with the reason trimmed and the quota's confirmation when the dialog named it.
  if (actual.matches('sending'))
    expect([event.type, h.deferred.inputsOf('sendStep').at(-1)]).toEqual([
      'offer.confirm',
      { id: OFFER_ID, step: actual.context.step, reason: actual.context.reason.trim(), confirmOverQuota: actual.context.overQuota },
    ]);
  if (actual.matches('sending') && actual.context.step === 'giveBack') expect(actual.context.reason.trim()).not.toBe('');
  expect(Array.from(actual.context.reason).length).toBeLessThanOrEqual(OFFER_GIVE_BACK_REASON_MAX);
  if (actual.status === 'done') expect(actual.output?.cancelled).toBe(actual.matches('cancelled'));
}

describe('offer step machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(offerStepMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = runs.flatMap((r) => r.paths);
  const coverage = coverageOf(offerStepMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { label, input, paths } of runs) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(`${label}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});

describe('offer step machine: a give-back', () => {
  it('waits for a reason, then sends it trimmed and cut; its output is the offer as answered', async () => {
    const h = harness();
    h.start({ id: OFFER_ID, step: 'giveBack', overQuota: false });
    await h.exec({ type: 'offer.confirm' });
    expect(h.deferred.calls).toEqual([]);
    await h.exec({ type: 'offer.reason', reason: STEP_REASON });
    await h.exec({ type: 'offer.confirm' });
    expect(h.deferred.inputsOf('sendStep')).toEqual([
      { id: OFFER_ID, step: 'giveBack', reason: Array.from(STEP_REASON).slice(0, 500).join('').trim(), confirmOverQuota: false },
    ]);
  });
});
