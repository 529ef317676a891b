import { describe, expect, it } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { absenceReportMachine } from '../../machines/absence-report.machine.ts';
import { absenceStep, canNext, canRetry, chosenCertificate, reasonMissing, receiptOf, reportOf, stepPicker } from '../../machines/absence-report.selectors.ts';
import { pickerForParent, type ChosenCertificate } from '../../machines/certificate-picker.machine.ts';
import { pickerState } from '../../machines/certificate-picker.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import {
  ALREADY_REPORTED,
  MISSION,
  PHOTO,
  PREPARED,
  REPORT_RECEIVED,
  REPORT_WITHDRAWN,
  absenceReportExpected as expected,
  absenceReportFixtures as fixtures,
  absenceReportKey as key,
} from './fixtures/absence-report.ts';
import { MODELS } from './fixtures/models.ts';

type M = typeof absenceReportMachine;
type Snap = SnapshotFrom<M>;

// The picker is the real child machine, its preparation never ending (its own paths are certificate-picker's); the
// receipt stands in as a call that ends when the path says the report was withdrawn (its paths are absence-receipt's).
const machine = absenceReportMachine.provide({
  actors: {
    certificatePicker: pickerForParent.provide({
      actors: { prepareCertificate: fromPromise<ChosenCertificate, { file: Blob | null }>(() => new Promise(() => {})) },
    }),
  },
}) as M;
const harness = () => createHarness(machine, { actors: ['sendReport', 'absenceReceipt'], actions: [] as string[] });
const runs = MODELS['absence-report'].runs();

function check(actual: Snap, _e: Snap, h: Harness<M>, event: { type: string }) {
  // A certificate only ever goes with sickness.
  if (actual.context.reason !== null && actual.context.reason !== 'sick') expect(chosenCertificate(actual)).toBeNull();
  // Nothing is sent but from the summary, and what is sent is what the worker chose, for this mission.
  if (actual.matches('sending')) {
    expect(['absence.send', 'absence.retry']).toContain(event.type);
    expect(h.deferred.inputsOf('sendReport').at(-1)).toEqual({
      mission: MISSION.mission,
      reason: actual.context.reason,
      message: actual.context.message,
      certificate: actual.context.certificate,
    });
  }
  // The picker runs at the certificate step only, and gets the worker's choice; the receipt once the report stands.
  expect(stepPicker(actual) !== undefined).toBe(actual.matches('certificate'));
  if (event.type === 'absence.chooseFile') expect(pickerState(stepPicker(actual)!.getSnapshot())).toBe('preparing');
  if (event.type === 'absence.removeFile') expect(pickerState(stepPicker(actual)!.getSnapshot())).toBe('empty');
  expect(receiptOf(actual) !== undefined).toBe(actual.matches('sent'));
  if (actual.matches('sent')) expect(h.deferred.inputsOf('absenceReceipt').at(-1)).toEqual({ report: reportOf(actual) });
  if (absenceStep(actual) === 'certificate') expect(canNext(actual)).toBe(chosenCertificate(actual) !== null);
  if (actual.matches('failed')) expect(canRetry(actual)).toBe(actual.context.error !== 'absence_already_reported');
}

describe('absence report machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(absenceReportMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = runs.flatMap((r) => r.paths);
  const coverage = coverageOf(absenceReportMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions (the transient branches included) in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
    // The check can fail: a new report alone never starts on a receipt.
    expect(coverageOf(absenceReportMachine, runs[0]!.paths).transitions.missing).toContain('absenceReport.start --always [reportStands]--> absenceReport.sent');
  });
  for (const { label, input, paths } of runs) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(`${label}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});

describe('absence report machine: journeys with fixed end states', () => {
  it('sickness for tomorrow with a camera photo: reason, certificate, summary, sent; the receipt takes over', async () => {
    const h = harness();
    h.start({ mission: MISSION, report: null });
    await h.exec({ type: 'absence.next' });
    expect(reasonMissing(h.snapshot())).toBe(true);
    await h.exec({ type: 'absence.chooseReason', reason: 'sick' });
    await h.exec({ type: 'absence.editMessage', message: 'Fièvre depuis cette nuit.' });
    await h.exec({ type: 'absence.next' });
    expect(absenceStep(h.snapshot())).toBe('certificate');
    await h.exec({ type: 'absence.chooseFile', file: PHOTO });
    expect([pickerState(stepPicker(h.snapshot())!.getSnapshot()), canNext(h.snapshot())]).toEqual(['preparing', false]);
    await h.exec({ type: 'certificate.ready', certificate: PREPARED });
    await h.exec({ type: 'absence.next' });
    expect(absenceStep(h.snapshot())).toBe('confirming');
    await h.exec({ type: 'absence.back' });
    // Back at the certificate, the picker shows it again as chosen.
    expect(pickerState(stepPicker(h.snapshot())!.getSnapshot())).toBe('chosen');
    await h.exec({ type: 'absence.next' });
    expect(h.deferred.calls.filter((c) => c.src === 'sendReport')).toEqual([]);
    await h.exec({ type: 'absence.send' });
    await h.exec({ type: 'absence.send' }); // a second tap while sending sends nothing more
    expect(h.deferred.inputsOf('sendReport')).toEqual([
      { mission: MISSION.mission, reason: 'sick', message: 'Fièvre depuis cette nuit.', certificate: PREPARED },
    ]);
    await h.exec({ type: 'xstate.done.actor.sendReport', output: REPORT_RECEIVED });
    expect([absenceStep(h.snapshot()), h.deferred.inputsOf('absenceReceipt')]).toEqual(['receipt', [{ report: REPORT_RECEIVED }]]);
    await h.exec({ type: 'xstate.done.actor.receipt', output: REPORT_WITHDRAWN });
    expect([absenceStep(h.snapshot()), reportOf(h.snapshot())]).toEqual(['withdrawn', REPORT_WITHDRAWN]);
  });

  it('a failed send keeps everything for a retry; a report that stands already is final', async () => {
    const h = harness();
    h.start({ mission: MISSION, report: null });
    await h.exec({ type: 'absence.chooseReason', reason: 'transport' });
    await h.exec({ type: 'absence.next' });
    await h.exec({ type: 'absence.send' });
    await h.exec({ type: 'xstate.error.actor.sendReport', error: INTERNAL_ERROR });
    expect([absenceStep(h.snapshot()), canRetry(h.snapshot()), h.snapshot().context.reason]).toEqual(['failed', true, 'transport']);
    await h.exec({ type: 'absence.retry' });
    await h.exec({ type: 'xstate.error.actor.sendReport', error: ALREADY_REPORTED });
    expect(canRetry(h.snapshot())).toBe(false);
  });
});
