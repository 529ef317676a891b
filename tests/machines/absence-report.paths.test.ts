import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { absenceReportMachine } from '../../machines/absence-report.machine.ts';
import {
  absenceStep,
  canRetry,
  canSendCertificate,
  canWithdraw,
  certificatePicker,
  certificateState,
  mustPhone,
  reasonMissing,
  receipt,
  refusal,
} from '../../machines/absence-report.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import {
  ALREADY_REPORTED,
  CERTIFICATE_LATE,
  MISSION,
  MISSION_STARTED,
  PHOTO,
  PREPARED,
  REPORT_DUE,
  REPORT_RECEIVED,
  REPORT_WITHDRAWN,
  absenceReportExpected as expected,
  absenceReportFixtures as fixtures,
  absenceReportKey as key,
} from './fixtures/absence-report.ts';
import { MODELS } from './fixtures/models.ts';

type M = typeof absenceReportMachine;
type Snap = SnapshotFrom<M>;

const harness = () =>
  createHarness(absenceReportMachine, { actors: ['prepareCertificate', 'sendReport', 'uploadCertificate', 'withdrawReport'], actions: [] as string[] });
const runs = MODELS['absence-report'].runs();

function check(actual: Snap, _e: Snap, h: Harness<M>, event: { type: string }) {
  // A certificate only ever goes with sickness.
  if (actual.context.reason !== null && actual.context.reason !== 'sick') expect(actual.context.certificate).toBeNull();
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
  if (event.type === 'absence.chooseFile') expect(h.deferred.inputsOf('prepareCertificate').at(-1)).toEqual({ file: PHOTO });
  if (actual.matches('uploadingCertificate'))
    expect(h.deferred.inputsOf('uploadCertificate').at(-1)).toEqual({ report: receipt(actual)!.id, certificate: PREPARED });
  if (actual.matches('withdrawing')) {
    expect(['absence.confirm', 'absence.retry']).toContain(event.type);
    expect(h.deferred.inputsOf('withdrawReport').at(-1)).toEqual({ report: receipt(actual)!.id });
  }
  // The views' reading of the snapshot.
  if (absenceStep(actual) === 'receipt') expect(receipt(actual)).not.toBeNull();
  expect(certificatePicker(actual) === 'refused').toBe(refusal(actual) !== null);
  // The certificate is sent from the receipt only, once prepared, and once at a time.
  expect(canSendCertificate(actual)).toBe(actual.matches('sent') && (certificatePicker(actual) === 'chosen' || certificatePicker(actual) === 'uploadFailed'));
  // Nothing else starts while a call is under way (a photo being prepared is local: the worker may still withdraw).
  if ((['sending', 'uploadingCertificate', 'withdrawing'] as const).some((state) => actual.matches(state)))
    expect([canWithdraw(actual), canSendCertificate(actual)]).toEqual([false, false]);
  if (absenceStep(actual) === 'withdrawn') expect([mustPhone(actual), canWithdraw(actual)]).toEqual([false, false]);
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
  it('sickness for tomorrow with a camera photo: reason, certificate, summary, sent; the receipt asks to phone', async () => {
    const h = harness();
    h.start({ mission: MISSION, report: null });
    await h.exec({ type: 'absence.next' });
    expect(reasonMissing(h.snapshot())).toBe(true);
    await h.exec({ type: 'absence.chooseReason', reason: 'sick' });
    await h.exec({ type: 'absence.editMessage', message: 'Fièvre depuis cette nuit.' });
    await h.exec({ type: 'absence.next' });
    expect(absenceStep(h.snapshot())).toBe('certificate');
    await h.exec({ type: 'absence.chooseFile', file: PHOTO });
    expect(certificatePicker(h.snapshot())).toBe('preparing');
    await h.exec({ type: 'xstate.done.actor.prepareCertificate', output: PREPARED });
    await h.exec({ type: 'absence.next' });
    expect(absenceStep(h.snapshot())).toBe('confirming');
    expect(h.deferred.calls.filter((c) => c.src === 'sendReport')).toEqual([]);
    await h.exec({ type: 'absence.send' });
    await h.exec({ type: 'absence.send' }); // a second tap while sending sends nothing more
    expect(h.deferred.inputsOf('sendReport')).toEqual([
      { mission: MISSION.mission, reason: 'sick', message: 'Fièvre depuis cette nuit.', certificate: PREPARED },
    ]);
    await h.exec({ type: 'xstate.done.actor.sendReport', output: REPORT_RECEIVED });
    expect([absenceStep(h.snapshot()), certificateState(h.snapshot()), mustPhone(h.snapshot()), canWithdraw(h.snapshot())]).toEqual([
      'receipt',
      'sent',
      true,
      true,
    ]);
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

  it('a certificate that follows: chosen on the receipt, sent; after the deadline the receipt says it is late', async () => {
    const h = harness();
    h.start({ mission: MISSION, report: REPORT_DUE });
    expect(certificateState(h.snapshot())).toBe('due');
    await h.exec({ type: 'absence.chooseFile', file: PHOTO });
    await h.exec({ type: 'xstate.done.actor.prepareCertificate', output: PREPARED });
    await h.exec({ type: 'absence.sendCertificate' });
    await h.exec({ type: 'xstate.error.actor.uploadCertificate', error: INTERNAL_ERROR });
    expect(certificatePicker(h.snapshot())).toBe('uploadFailed');
    await h.exec({ type: 'absence.sendCertificate' });
    await h.exec({ type: 'xstate.error.actor.uploadCertificate', error: CERTIFICATE_LATE });
    expect(certificateState(h.snapshot())).toBe('late');
  });

  it('withdrawing asks first; once the mission has started it cannot be tried again', async () => {
    const h = harness();
    h.start({ mission: MISSION, report: REPORT_DUE });
    await h.exec({ type: 'absence.withdraw' });
    await h.exec({ type: 'absence.cancel' });
    expect(certificateState(h.snapshot())).toBe('due');
    await h.exec({ type: 'absence.withdraw' });
    await h.exec({ type: 'absence.confirm' });
    await h.exec({ type: 'xstate.error.actor.withdrawReport', error: MISSION_STARTED });
    expect(canRetry(h.snapshot())).toBe(false);
    await h.exec({ type: 'absence.cancel' });
    await h.exec({ type: 'absence.withdraw' });
    await h.exec({ type: 'absence.confirm' });
    await h.exec({ type: 'xstate.done.actor.withdrawReport', output: REPORT_WITHDRAWN });
    expect(absenceStep(h.snapshot())).toBe('withdrawn');
  });
});
