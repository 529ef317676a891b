import { describe, expect, it } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { absenceReceiptMachine } from '../../machines/absence-receipt.machine.ts';
import {
  canSendCertificate,
  canWithdraw,
  certificateState,
  confirmingWithdrawal,
  mustPhone,
  receiptPicker,
  receiptReport,
  uploadFailed,
  uploading,
  withdrawing,
} from '../../machines/absence-receipt.selectors.ts';
import { pickerForParent, type ChosenCertificate } from '../../machines/certificate-picker.machine.ts';
import { pickerState } from '../../machines/certificate-picker.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import {
  CERTIFICATE_LATE,
  MISSION_STARTED,
  PHOTO,
  PREPARED,
  REPORT_DUE,
  REPORT_WITHDRAWN,
  absenceReceiptExpected as expected,
  absenceReceiptFixtures as fixtures,
  absenceReceiptKey as key,
} from './fixtures/absence-report.ts';
import { MODELS } from './fixtures/models.ts';

type M = typeof absenceReceiptMachine;
type Snap = SnapshotFrom<M>;

// The picker is the real child machine, its preparation never ending (its own paths are certificate-picker's).
const machine = absenceReceiptMachine.provide({
  actors: {
    certificatePicker: pickerForParent.provide({
      actors: { prepareCertificate: fromPromise<ChosenCertificate, { file: Blob | null }>(() => new Promise(() => {})) },
    }),
  },
}) as M;
const harness = () => createHarness(machine, { actors: ['uploadCertificate', 'withdrawReport'], actions: [] as string[] });
const runs = MODELS['absence-receipt'].runs();

function check(actual: Snap, _e: Snap, h: Harness<M>, event: { type: string }) {
  if (actual.status === 'done') return;
  // The certificate goes once prepared, to this report; the withdrawal names this report.
  if (uploading(actual)) expect(h.deferred.inputsOf('uploadCertificate').at(-1)).toEqual({ report: receiptReport(actual).id, certificate: PREPARED });
  if (withdrawing(actual)) expect(h.deferred.inputsOf('withdrawReport').at(-1)).toEqual({ report: receiptReport(actual).id });
  // A withdrawal and an upload never run at once.
  expect(uploading(actual) && withdrawing(actual)).toBe(false);
  if (uploading(actual)) expect(canWithdraw(actual)).toBe(false);
  if (withdrawing(actual)) expect(canSendCertificate(actual)).toBe(false);
  // The certificate's line stays what the server said while a withdrawal is asked.
  const status = receiptReport(actual).certificate.status;
  expect(certificateState(actual)).toBe({ due: 'due', received: 'sent', late: 'late', 'not-needed': 'none' }[status]);
  // The picker runs while the certificate is due, and gets the worker's choice.
  expect(receiptPicker(actual) !== undefined).toBe(certificateState(actual) === 'due');
  if (event.type === 'absence.chooseFile') expect(pickerState(receiptPicker(actual)!.getSnapshot())).toBe('preparing');
  expect(canSendCertificate(actual)).toBe(
    actual.context.certificate !== null && !uploading(actual) && !withdrawing(actual) && certificateState(actual) === 'due',
  );
  expect(mustPhone(actual)).toBe(receiptReport(actual).mustPhoneAgency);
}

describe('absence receipt machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(absenceReceiptMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = runs.flatMap((r) => r.paths);
  const coverage = coverageOf(absenceReceiptMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions (the transient branches included) in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { label, input, paths } of runs) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(`${label}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});

describe('absence receipt machine: journeys with fixed end states', () => {
  it('asking to withdraw leaves the certificate as it was: still due, the picker still there, the file still chosen', async () => {
    const h = harness();
    h.start({ report: REPORT_DUE });
    await h.exec({ type: 'absence.chooseFile', file: PHOTO });
    await h.exec({ type: 'certificate.ready', certificate: PREPARED });
    await h.exec({ type: 'absence.withdraw' });
    expect([
      confirmingWithdrawal(h.snapshot()),
      certificateState(h.snapshot()),
      receiptPicker(h.snapshot()) !== undefined,
      canSendCertificate(h.snapshot()),
    ]).toEqual([true, 'due', true, true]);
    await h.exec({ type: 'absence.cancel' });
    expect(certificateState(h.snapshot())).toBe('due');
  });

  it('a certificate that follows: sent after a failure; then the deadline; a withdrawal after the start cannot be retried', async () => {
    const h = harness();
    h.start({ report: REPORT_DUE });
    await h.exec({ type: 'certificate.ready', certificate: PREPARED });
    await h.exec({ type: 'absence.sendCertificate' });
    expect(canWithdraw(h.snapshot())).toBe(false);
    await h.exec({ type: 'xstate.error.actor.uploadCertificate', error: INTERNAL_ERROR });
    expect(uploadFailed(h.snapshot())).toBe(true);
    await h.exec({ type: 'absence.sendCertificate' });
    await h.exec({ type: 'xstate.error.actor.uploadCertificate', error: CERTIFICATE_LATE });
    expect(certificateState(h.snapshot())).toBe('late');
    await h.exec({ type: 'absence.withdraw' });
    await h.exec({ type: 'absence.confirm' });
    await h.exec({ type: 'xstate.error.actor.withdrawReport', error: MISSION_STARTED });
    await h.exec({ type: 'absence.retry' });
    expect(h.deferred.inputsOf('withdrawReport')).toHaveLength(1);
    await h.exec({ type: 'absence.cancel' });
    await h.exec({ type: 'absence.withdraw' });
    await h.exec({ type: 'absence.confirm' });
    await h.exec({ type: 'xstate.done.actor.withdrawReport', output: REPORT_WITHDRAWN });
    expect([h.snapshot().status, h.snapshot().output]).toEqual(['done', REPORT_WITHDRAWN]);
  });
});
