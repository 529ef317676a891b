import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { SIGNING_COMMENT_MAX, checkedItems, signingMachine, type SigningItem } from '../../machines/signing.machine.ts';
import { canSign, items, selected, signingView, submitFailed } from '../../machines/signing.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { buildModel, fixtureMismatch, pathName, shortestPaths, type Fixtures } from './helpers/model.ts';
import { INTERNAL_ERROR, apiError } from './fixtures/api.ts';

type M = typeof signingMachine;
type Snap = SnapshotFrom<M>;

const mission = (n: number, km: number): SigningItem => ({
  mission: `m-10${n}`,
  job: 'job-7',
  date: `2026-04-0${n}`,
  start: '08:00',
  end: '16:30',
  reference: `EVT-2026-00${n}`,
  km,
  comment: '',
  checked: false,
  signingRequested: false,
});
const MISSIONS = [mission(1, 0), mission(2, 42), mission(3, 12.5)];
const LONG_COMMENT = 'Pause de midi non prise. '.repeat(14); // 350 characters

const fixtures = {
  'signing.toggle': () => [...MISSIONS.map(({ mission: m }) => ({ type: 'signing.toggle' as const, mission: m })), { type: 'signing.toggle', mission: 'm-999' }],
  'signing.comment': () => [{ type: 'signing.comment', mission: 'm-101', comment: LONG_COMMENT }],
  'signing.sign': () => [{ type: 'signing.sign' }],
  'signing.confirm': () => [{ type: 'signing.confirm' }],
  'signing.cancel': () => [{ type: 'signing.cancel' }],
  'signing.retry': () => [{ type: 'signing.retry' }],
  'xstate.done.actor.loadDocumentsToSign': () => [
    { type: 'xstate.done.actor.loadDocumentsToSign', output: MISSIONS },
    { type: 'xstate.done.actor.loadDocumentsToSign', output: [] },
  ],
  'xstate.error.actor.loadDocumentsToSign': () => [{ type: 'xstate.error.actor.loadDocumentsToSign', error: INTERNAL_ERROR }],
  // The server marks exactly the missions sent.
  'xstate.done.actor.markForSigning': (s: Snap) => [
    { type: 'xstate.done.actor.markForSigning', output: checkedItems(s.context.items).map((item) => ({ ...item, signingRequested: true })) },
  ],
  'xstate.error.actor.markForSigning': () => [{ type: 'xstate.error.actor.markForSigning', error: apiError('signature_required', 'Une signature validée est requise.') }],
} satisfies Fixtures<M>;

/** Bounded (3 missions): which are listed and which are checked. */
const key = (s: Snap) => ({
  listed: s.context.items.map((i) => i.mission),
  checked: checkedItems(s.context.items).map((i) => i.mission),
});

const harness = () => createHarness(signingMachine, { actors: ['loadDocumentsToSign', 'markForSigning'], actions: [] });
const INPUTS = [{ hasValidSignature: true }, { hasValidSignature: false }];
const pathsByInput = INPUTS.map((input) => ({ input, paths: shortestPaths(buildModel(signingMachine, { input, fixtures, key })) }));

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
  expect(canSign(actual)).toBe(actual.matches('selecting') && selected(actual).length > 0);
  if (!actual.context.hasValidSignature) expect(actual.matches('selecting') || actual.matches('confirming')).toBe(false);
  if (event.type === 'signing.comment') expect(items(actual).find((i) => i.mission === 'm-101')?.comment).toBe(LONG_COMMENT.slice(0, SIGNING_COMMENT_MAX));
}

describe('signing machine: model-based paths (with and without a valid signature)', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(signingMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const coverage = coverageOf(signingMachine, pathsByInput.flatMap((p) => p.paths));
  const walked = pathsByInput.flatMap((p) => p.paths);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { input, paths } of pathsByInput) {
    it.each(paths.map((p) => [pathName(p), p] as const))(`valid signature ${input.hasValidSignature}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, check });
    });
  }
});

describe('signing machine: journeys with fixed end states', () => {
  async function listed() {
    const h = harness();
    h.start({ hasValidSignature: true });
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
      { items: [{ mission: 'm-101', comment: '' }, { mission: 'm-103', comment: 'Fin à 17h00 au lieu de 16h30.' }] },
    ]);
    await h.exec({
      type: 'xstate.done.actor.markForSigning',
      output: [MISSIONS[0]!, MISSIONS[2]!].map((m) => ({ ...m, signingRequested: true })),
    });
    expect(h.snapshot().value).toBe('selecting');
    expect(items(h.snapshot()).map((i) => i.mission)).toEqual(['m-102']);
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
    h.start({ hasValidSignature: false });
    await h.exec({ type: 'xstate.done.actor.loadDocumentsToSign', output: MISSIONS });
    expect(signingView(h.snapshot())).toBe('noSignature');
  });

  it('missions already requested are not listed', async () => {
    const h = harness();
    h.start({ hasValidSignature: true });
    await h.exec({ type: 'xstate.done.actor.loadDocumentsToSign', output: [{ ...MISSIONS[0]!, signingRequested: true }] });
    expect(signingView(h.snapshot())).toBe('nothingToSign');
  });
});
