import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { signatureMachine } from '../../machines/signature.machine.ts';
import { canDraw, keptDrawing, saveFailed, showNewAccountNotice, signatureView } from '../../machines/signature.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import { NEW_PNG, signatureExpected as expected, signatureFixtures as fixtures, signatureKey as key, stored } from './fixtures/signature.ts';

type M = typeof signatureMachine;
type Snap = SnapshotFrom<M>;

const ACTIONS = ['notify', 'refreshSession'] as const;
type Action = (typeof ACTIONS)[number];
const harness = () => createHarness(signatureMachine, { actors: ['loadSignature', 'saveSignature'], actions: ACTIONS });
const pathsByInput = MODELS.signature.runs();

function check(actual: Snap, _e: Snap, h: Harness<M, Action>, event: { type: string }) {
  if (actual.context.newAccount) expect(actual.matches('drawing') || actual.matches('saving')).toBe(false);
  if (actual.matches({ drawing: 'saveFailed' })) expect(keptDrawing(actual)).toBe(NEW_PNG);
  if (actual.matches('shown')) expect(actual.context.drawing).toBeNull();
  if (event.type === 'signature.save') expect(h.deferred.inputsOf('saveSignature').at(-1)).toEqual({ dataUrl: NEW_PNG });
  if (event.type === 'xstate.done.actor.saveSignature') {
    expect(actual.context.signature).toEqual({ value: NEW_PNG, status: 1 });
    expect(h.paramsOf('notify')).toEqual([{ type: 'success', msg: 'signature_signatureUpdated' }]);
    // The rest of the portal learns the new status: the session reads its info again, once per save.
    expect(h.spies.refreshSession).toHaveBeenCalledTimes(1);
  } else if (!h.deferred.calls.some((c) => c.src === 'saveSignature' && c.settled)) {
    expect(h.paramsOf('notify')).toEqual([]);
    expect(h.spies.refreshSession).not.toHaveBeenCalled();
  }
}

describe('signature machine: model-based paths (approved and new account)', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(signatureMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const coverage = coverageOf(
    signatureMachine,
    pathsByInput.flatMap((p) => p.paths),
  );
  const walked = pathsByInput.flatMap((p) => p.paths);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { input, paths } of pathsByInput) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(`newAccount ${input.newAccount}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});

describe('signature machine: journeys with fixed end states', () => {
  it('an approved employee without a signature draws one; it awaits review', async () => {
    const h = harness();
    h.start({ newAccount: false });
    await h.exec({ type: 'xstate.done.actor.loadSignature', output: stored(0) });
    expect(signatureView(h.snapshot())).toBe('none');
    expect(canDraw(h.snapshot())).toBe(true);
    await h.exec({ type: 'signature.draw' });
    await h.exec({ type: 'signature.save', dataUrl: NEW_PNG });
    await h.exec({ type: 'xstate.done.actor.saveSignature', output: { value: NEW_PNG, status: 1 } });
    expect(h.snapshot().value).toEqual({ shown: 'pendingReview' });
    expect(h.paramsOf('notify')).toEqual([{ type: 'success', msg: 'signature_signatureUpdated' }]);
    expect(h.spies.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('a failed save keeps the drawing and the dialog; cancel shows the signature as it was', async () => {
    const h = harness();
    h.start({ newAccount: false });
    await h.exec({ type: 'xstate.done.actor.loadSignature', output: stored(3) });
    await h.exec({ type: 'signature.draw' });
    await h.exec({ type: 'signature.save', dataUrl: NEW_PNG });
    await h.exec({ type: 'xstate.error.actor.saveSignature', error: INTERNAL_ERROR });
    expect(saveFailed(h.snapshot())).toBe(true);
    expect(keptDrawing(h.snapshot())).toBe(NEW_PNG);
    expect(signatureView(h.snapshot())).toBe('rejected');
    await h.exec({ type: 'signature.cancel' });
    expect(h.snapshot().value).toEqual({ shown: 'rejected' });
    expect(keptDrawing(h.snapshot())).toBeNull();
    expect(h.paramsOf('notify')).toEqual([]);
    expect(h.spies.refreshSession).not.toHaveBeenCalled();
  });

  it('a new account cannot create a signature', async () => {
    const h = harness();
    h.start({ newAccount: true });
    await h.exec({ type: 'xstate.done.actor.loadSignature', output: stored(0) });
    expect(canDraw(h.snapshot())).toBe(false);
    expect(showNewAccountNotice(h.snapshot())).toBe(true);
    await h.exec({ type: 'signature.draw' });
    expect(h.snapshot().value).toEqual({ shown: 'none' });
  });
});
