import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { signingMachine } from '../../machines/signing.machine.ts';
import { SIGNING_COMMENT_MAX_LENGTH as SIGNING_COMMENT_MAX } from '#domain/constants.ts';
import { awaitingApproval, canSign, items, lastSigned, selected, signingView, submitFailed } from '../../machines/signing.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import { LONG_COMMENT, MISSIONS, signingExpected as expected, signingFixtures as fixtures, signingKey as key } from './fixtures/signing.ts';

type M = typeof signingMachine;
type Snap = SnapshotFrom<M>;

const harness = () => createHarness(signingMachine, { actors: ['loadDocumentsToSign', 'markForSigning'], actions: [] });
const pathsByInput = MODELS.signing.runs();

function check(actual: Snap, _e: Snap, h: Harness<M, never>, event: { type: string }) {
  // Nothing is ever sent with zero missions, and only checked missions with their comments are sent.
  for (const input of h.deferred.inputsOf('markForSigning') as Array<{ items: Array<{ mission: string; comment: string }> }>) {
    expect(input.items.length).toBeGreaterThan(0);
  }
  if (actual.matches('submitting')) {
    expect(h.deferred.inputsOf('markForSigning').at(-1)).toEqual({
      items: selected(actual).map(({ mission: m, comment }) => ({ mission: m, comment })),
    });
  }
  for (const item of actual.context.items) expect(Array.from(item.comment).length).toBeLessThanOrEqual(SIGNING_COMMENT_MAX);
  expect(canSign(actual)).toBe(actual.matches('selecting') && selected(actual).length > 0 && actual.context.signatureApproved);
  if (!actual.context.hasValidSignature) expect(actual.matches('selecting') || actual.matches('confirming')).toBe(false);
  // A signature awaiting review never reaches the dialog: nothing is sent before the agency approved it.
  if (!actual.context.signatureApproved) expect(actual.hasTag('dialogOpen')).toBe(false);
  if (event.type === 'signing.sign') expect(lastSigned(actual)).toEqual([]);
  if (event.type === 'xstate.done.actor.markForSigning') expect(lastSigned(actual).length).toBeGreaterThan(0);
  if (event.type === 'signing.comment') expect(items(actual).find((i) => i.mission === 'm-101')?.comment).toBe(LONG_COMMENT.slice(0, SIGNING_COMMENT_MAX));
}

describe('signing machine: model-based paths (with and without a valid signature)', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(signingMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const coverage = coverageOf(
    signingMachine,
    pathsByInput.flatMap((p) => p.paths),
  );
  const walked = pathsByInput.flatMap((p) => p.paths);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { input, paths } of pathsByInput) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(
      `valid ${input.hasValidSignature}, approved ${input.signatureApproved}: %s`,
      async (_, path) => {
        await executePath(path, { harness, input, key, expected, check });
      },
    );
  }
});

describe('signing machine: journeys with fixed end states', () => {
  async function listed() {
    const h = harness();
    h.start({ hasValidSignature: true, signatureApproved: true });
    await h.exec({ type: 'xstate.done.actor.loadDocumentsToSign', output: MISSIONS });
    return h;
  }

  it('sign 2 of 3 missions with a comment: the third remains', async () => {
    const h = await listed();
    expect(canSign(h.snapshot())).toBe(false);
    await h.exec({ type: 'signing.toggle', mission: 'm-101' });
    await h.exec({ type: 'signing.toggle', mission: 'm-103' });
    await h.exec({ type: 'signing.comment', mission: 'm-103', comment: 'Fin à 17h00 au lieu de 16h30.' });
    expect(canSign(h.snapshot())).toBe(true);
    await h.exec({ type: 'signing.sign' });
    expect(selected(h.snapshot()).map((i) => `${i.date} - ${i.reference}`)).toEqual(['2026-04-01 - EVT-2026-001', '2026-04-03 - EVT-2026-003']);
    await h.exec({ type: 'signing.confirm' });
    expect(h.deferred.inputsOf('markForSigning')).toEqual([
      {
        items: [
          { mission: 'm-101', comment: '' },
          { mission: 'm-103', comment: 'Fin à 17h00 au lieu de 16h30.' },
        ],
      },
    ]);
    await h.exec({
      type: 'xstate.done.actor.markForSigning',
      output: [MISSIONS[0]!, MISSIONS[2]!].map((m) => ({ ...m, signingRequested: true })),
    });
    expect(h.snapshot().value).toBe('selecting');
    expect(items(h.snapshot()).map((i) => i.mission)).toEqual(['m-102']);
    expect(lastSigned(h.snapshot())).toEqual(['m-101', 'm-103']);
    expect(canSign(h.snapshot())).toBe(false);
  });

  it('signing the last missions leaves nothing to sign', async () => {
    const h = await listed();
    for (const m of MISSIONS) await h.exec({ type: 'signing.toggle', mission: m.mission });
    await h.exec({ type: 'signing.sign' });
    await h.exec({ type: 'signing.confirm' });
    await h.exec({ type: 'xstate.done.actor.markForSigning', output: MISSIONS.map((m) => ({ ...m, signingRequested: true })) });
    expect(signingView(h.snapshot())).toBe('nothingToSign');
  });

  it('a failed submit keeps selection and comments, in the dialog', async () => {
    const h = await listed();
    await h.exec({ type: 'signing.toggle', mission: 'm-102' });
    await h.exec({ type: 'signing.comment', mission: 'm-102', comment: '42 km aller-retour.' });
    await h.exec({ type: 'signing.sign' });
    await h.exec({ type: 'signing.confirm' });
    await h.exec({ type: 'xstate.error.actor.markForSigning', error: INTERNAL_ERROR });
    expect(submitFailed(h.snapshot())).toBe(true);
    expect(selected(h.snapshot()).map(({ mission: m, comment }) => ({ mission: m, comment }))).toEqual([{ mission: 'm-102', comment: '42 km aller-retour.' }]);
    await h.exec({ type: 'signing.cancel' });
    expect(h.snapshot().value).toBe('selecting');
    expect(selected(h.snapshot())).toHaveLength(1);
  });

  it('nothing is sent with zero missions: unchecking everything disables Sign', async () => {
    const h = await listed();
    await h.exec({ type: 'signing.toggle', mission: 'm-101' });
    await h.exec({ type: 'signing.toggle', mission: 'm-101' });
    await h.exec({ type: 'signing.sign' });
    expect(h.snapshot().value).toBe('selecting');
    expect(h.deferred.inputsOf('markForSigning')).toEqual([]);
  });

  it('without a valid signature, only the prompt', async () => {
    const h = harness();
    h.start({ hasValidSignature: false, signatureApproved: false });
    await h.exec({ type: 'xstate.done.actor.loadDocumentsToSign', output: MISSIONS });
    expect(signingView(h.snapshot())).toBe('noSignature');
  });

  it('missions already requested are not listed', async () => {
    const h = harness();
    h.start({ hasValidSignature: true, signatureApproved: true });
    await h.exec({ type: 'xstate.done.actor.loadDocumentsToSign', output: [{ ...MISSIONS[0]!, signingRequested: true }] });
    expect(signingView(h.snapshot())).toBe('nothingToSign');
  });

  it('a signature awaiting review: the list shows, Sign stays disabled, nothing is sent', async () => {
    const h = harness();
    h.start({ hasValidSignature: true, signatureApproved: false });
    await h.exec({ type: 'xstate.done.actor.loadDocumentsToSign', output: MISSIONS });
    expect(signingView(h.snapshot())).toBe('list');
    expect(awaitingApproval(h.snapshot())).toBe(true);
    await h.exec({ type: 'signing.toggle', mission: 'm-101' });
    expect(selected(h.snapshot())).toHaveLength(1);
    expect(canSign(h.snapshot())).toBe(false);
    await h.exec({ type: 'signing.sign' });
    expect(h.snapshot().value).toBe('selecting');
    expect(h.deferred.inputsOf('markForSigning')).toEqual([]);
  });
});
