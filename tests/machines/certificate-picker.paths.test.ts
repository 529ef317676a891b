import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { certificatePickerMachine } from '../../machines/certificate-picker.machine.ts';
import { pickedCertificate, pickerRefusal, pickerState } from '../../machines/certificate-picker.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import {
  PHOTO,
  PREPARED,
  certificatePickerExpected as expected,
  certificatePickerFixtures as fixtures,
  certificatePickerKey as key,
} from './fixtures/absence-report.ts';
import { MODELS } from './fixtures/models.ts';

type M = typeof certificatePickerMachine;
type Snap = SnapshotFrom<M>;

const ACTIONS = ['certificateReady'] as const;
const harness = () => createHarness(certificatePickerMachine, { actors: ['prepareCertificate'], actions: ACTIONS });
const runs = MODELS['certificate-picker'].runs();

/** The preparations that succeeded so far, per harness: the parent hears of each, and of nothing else. */
const prepared = new WeakMap<object, number>();

function check(actual: Snap, _e: Snap, h: Harness<M, (typeof ACTIONS)[number]>, event: { type: string }) {
  // The chosen file is what is prepared; the parent hears of a certificate exactly when one is prepared.
  if (event.type === 'certificate.choose') expect(h.deferred.inputsOf('prepareCertificate').at(-1)).toEqual({ file: PHOTO });
  if (event.type === 'xstate.done.actor.prepareCertificate') prepared.set(h, (prepared.get(h) ?? 0) + 1);
  const told = h.argsOf('certificateReady');
  expect(told.length).toBe(prepared.get(h) ?? 0);
  if (event.type === 'xstate.done.actor.prepareCertificate') expect(told.at(-1)?.context.certificate).toEqual(PREPARED);
  // What the view reads: a certificate only when chosen, a refusal only when refused.
  expect(pickedCertificate(actual) !== null).toBe(pickerState(actual) === 'chosen');
  expect(pickerRefusal(actual) !== null).toBe(pickerState(actual) === 'refused');
}

describe('certificate picker machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(certificatePickerMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = runs.flatMap((r) => r.paths);
  const coverage = coverageOf(certificatePickerMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { label, input, paths } of runs) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(`${label}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});
