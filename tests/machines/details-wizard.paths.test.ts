import { STEP_IMAGES } from '#domain/details-images.ts';
import { IMAGE_FIELDS } from '#domain/enums.ts';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { detailsWizardMachine } from '../../machines/details-wizard.machine.ts';
import {
  STEP_NAMES,
  stepChangeOf,
  stepName,
  type EditableStep,
  type StepIndex,
  type StepName,
  type StepTarget,
  type StepValues,
  type UploadKind,
  type WizardContext,
  type WizardEvent,
} from '../../machines/details-wizard.types.ts';
import {
  canGoBack,
  canRemoveOnFile,
  canRetry,
  currentStep,
  failure,
  isOnFile,
  isStepSubmitted,
  problems,
  removal,
  returnsToReview,
  stepList,
  stepValues,
} from '../../machines/details-wizard.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR, apiError } from './fixtures/api.ts';
import {
  COMPLETE,
  DETAILS,
  EDITED,
  FRESH,
  HALFWAY,
  editable,
  SAVE_REFUSED,
  SUBMIT_REFUSED,
  VALUES,
  detailsWizardExpected as expected,
  fixtures,
  key,
} from './fixtures/details-wizard.ts';

type M = typeof detailsWizardMachine;
type Snap = SnapshotFrom<M>;

const ACTIONS = ['notify', 'navigate', 'refreshGeneralInfo'] as const;
type Action = (typeof ACTIONS)[number];
const harness = () => createHarness(detailsWizardMachine, { actors: ['loadDetails', 'saveStep', 'uploadFiles', 'removeImage'], actions: ACTIONS });
const paths = MODELS['details-wizard'].runs()[0]!.paths;

/** Per walked path: the values the view handed over for each step (next or back). */
const typedSoFar = new WeakMap<object, Partial<Record<StepName, StepValues>>>();

function check(actual: Snap, _expected: Snap, h: Harness<M, Action>, event: { type: string } & Record<string, unknown>) {
  const step = actual.context.step;
  // Step bounds: 1–4 while editing, 5 from the review on.
  if (actual.matches('editing') || actual.matches('saving') || actual.matches('uploading')) expect(step).toBeLessThanOrEqual(4);
  if (actual.matches('reviewing') || actual.matches('submitting')) expect(step).toBe(5);
  // Forward never skips an incomplete step (§4): every step before the one shown is complete; the review needs all four.
  expect(actual.context.completedSteps.filter((done) => done < step)).toEqual(([1, 2, 3, 4] as const).filter((k) => k < step));
  // Bounded set of submitted steps.
  expect(new Set(actual.context.submittedSteps).size).toBe(actual.context.submittedSteps.length);
  expect(actual.context.submittedSteps.every((n) => STEP_NAMES.includes(n))).toBe(true);

  const lastInput = <T>(src: string) => h.deferred.inputsOf(src).at(-1) as T;
  if (actual.matches('saving')) {
    expect(lastInput('saveStep')).toEqual({ step, values: actual.context.values[stepName(step)] ?? {} });
  }
  if (actual.matches('uploading')) {
    const kinds = lastInput<{ step: number; kinds: string[] }>('uploadFiles');
    expect(kinds).toEqual({ step, kinds: actual.context.files });
    expect(kinds.kinds.length).toBeGreaterThan(0);
    expect(kinds.kinds.every((k) => (STEP_IMAGES[step] as readonly string[]).includes(k))).toBe(true);
  }
  // Nothing typed is ever dropped: every step holds the values the view last handed over for it, whatever failed.
  const typed = typedSoFar.get(h) ?? {};
  if ((event.type === 'wizard.next' || event.type === 'wizard.back') && event.values) {
    // Back left the step after the one shown now; from the review (step 5) it carries no fields.
    const left = event.type === 'wizard.back' ? step + 1 : step;
    if (left <= 4) typed[stepName(left as StepIndex)] = event.values as StepValues;
  }
  typedSoFar.set(h, typed);
  for (const [name, values] of Object.entries(typed)) expect(actual.context.values[name as StepName]).toEqual(values);
  if (actual.matches({ editing: 'saveFailed' })) {
    expect(lastInput<{ step: number }>('saveStep').step).toBe(step);
    expect(problems(actual)).toEqual(SAVE_REFUSED.fields);
  }
  if (actual.matches({ reviewing: 'submitFailed' })) expect(problems(actual)).toEqual(SUBMIT_REFUSED.fields);
  if (actual.matches('saving') || actual.matches('submitting')) expect(actual.context.problems).toEqual([]);
  // A failed save or upload has no retry of its own: Next is the retry (decision 041).
  if (actual.matches({ editing: 'saveFailed' }) || actual.matches({ editing: 'uploadFailed' })) expect(canRetry(actual)).toBe(false);
  // Once uploaded, the files of the step count as on file.
  if (event.type === 'xstate.done.actor.uploadFiles')
    for (const kind of h.deferred.inputsOf('uploadFiles').at(-1) ? lastInput<{ kinds: UploadKind[] }>('uploadFiles').kinds : [])
      expect(isOnFile(actual, kind)).toBe(true);
  switch (event.type) {
    case 'wizard.next':
      expect(actual.context.values[stepName(step)]).toEqual(event.values);
      expect(isStepSubmitted(actual, stepName(step))).toBe(true);
      if (!event.valid) expect(h.paramsOf('notify').at(-1)).toEqual({ type: 'warning', msg: 'details_formInvalid' });
      break;
    case 'wizard.back':
      expect(actual.context.returnToReview).toBe(false);
      break;
    case 'wizard.edit':
      expect([step, returnsToReview(actual)]).toEqual([event.step, true]);
      break;
    case 'xstate.done.actor.submitDetails':
      expect(h.spies.refreshGeneralInfo).toHaveBeenCalledTimes(1);
      expect(h.paramsOf('navigate')).toEqual([{ to: '/home' }]);
      break;
  }
  if (actual.status !== 'done') expect(h.spies.refreshGeneralInfo).not.toHaveBeenCalled();
}

describe('details wizard: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(detailsWizardMachine, fixtures)).toEqual({ missing: [], stale: [] }));

  const coverage = coverageOf(detailsWizardMachine, paths);
  const walked = paths;
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });

  it.each(paths.map((p) => [pathTitle(expected, p), p] as const))('%s', async (_, path) => {
    await executePath(path, { harness, input: undefined, key, expected, check });
  });
});

describe('details wizard: where it opens, and the step list', () => {
  const start = async (output: typeof FRESH) => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.loadDetails', output });
    return h;
  };
  const goTo = (step: StepIndex, extra: Partial<{ valid: boolean; values: StepValues; dirty: boolean; files: UploadKind[] }> = {}): WizardEvent => ({
    type: 'wizard.goTo',
    step,
    valid: true,
    values: VALUES[editable(step)],
    files: [],
    dirty: false,
    ...extra,
  });

  it('opens at step 1 for a new file, at step 4 after step 3 was saved, at the review when complete', async () => {
    expect(currentStep((await start(FRESH)).snapshot()).index).toBe(1);
    const halfway = await start(HALFWAY);
    expect([halfway.snapshot().value, currentStep(halfway.snapshot()).index]).toEqual([{ editing: 'idle' }, 4]);
    const complete = await start(COMPLETE);
    expect([complete.snapshot().value, currentStep(complete.snapshot()).index]).toEqual([{ reviewing: 'idle' }, 5]);
    expect(complete.deferred.inputsOf('saveStep')).toEqual([]);
  });

  it('opens at the first incomplete step even when later ones are complete; from there, the later ones are reachable', async () => {
    const h = await start({ details: HALFWAY.details, completedSteps: [1, 3, 4] });
    expect(currentStep(h.snapshot()).index).toBe(2);
    // Step 2 (shown) is checked and saved on the way; 3 and 4 are complete.
    expect(stepList(h.snapshot()).map((item) => item.reachable)).toEqual([true, false, true, true, true]);
    const fresh = await start({ details: FRESH.details, completedSteps: [2, 3, 4] });
    expect(currentStep(fresh.snapshot()).index).toBe(1);
    expect(stepList(fresh.snapshot()).map((item) => item.reachable)).toEqual([false, true, true, true, true]);
  });

  it('the list: back freely; forward through complete steps only, saving the step shown first', async () => {
    const h = await start(HALFWAY);
    expect(stepList(h.snapshot()).map((item) => [item.index, item.current, item.reachable, item.complete])).toEqual([
      [1, false, true, true],
      [2, false, true, true],
      [3, false, true, true],
      [4, true, false, false],
      [5, false, true, false],
    ]);
    await h.exec(goTo(1, { values: VALUES[4] }));
    expect(currentStep(h.snapshot()).index).toBe(1);
    expect(h.deferred.inputsOf('saveStep')).toEqual([]); // back sends nothing
    // From step 1 to step 3: step 1 is saved first, step 2 is complete on file.
    await h.exec(goTo(3, { values: VALUES[1] }));
    expect(h.snapshot().value).toBe('saving');
    await h.exec({ type: 'xstate.done.actor.saveStep', output: undefined });
    expect([h.snapshot().value, currentStep(h.snapshot()).index]).toEqual([{ editing: 'idle' }, 3]);
    expect(h.deferred.inputsOf('saveStep')).toEqual([{ step: 1, values: VALUES[1] }]);
  });

  it('a step of the list beyond an incomplete one is refused; an invalid step warns and stays', async () => {
    const h = await start(FRESH);
    expect(
      stepList(h.snapshot())
        .filter((item) => item.reachable)
        .map((item) => item.index),
    ).toEqual([2]);
    await h.exec(goTo(3, { values: VALUES[1] }));
    expect([h.snapshot().value, currentStep(h.snapshot()).index]).toEqual([{ editing: 'idle' }, 1]);
    await h.exec(goTo(2, { valid: false, values: EDITED[1] }));
    expect(h.paramsOf('notify')).toEqual([{ type: 'warning', msg: 'details_formInvalid' }]);
    expect(stepValues(h.snapshot(), 'contactInfo')).toEqual(EDITED[1]);
    expect(h.deferred.inputsOf('saveStep')).toEqual([]);
  });

  it('a step left with changes not saved is no longer complete: forward passes through it again', async () => {
    const h = await start(HALFWAY);
    await h.exec(goTo(2, { values: VALUES[4] }));
    await h.exec({ type: 'wizard.back', values: EDITED[2], dirty: true });
    expect(currentStep(h.snapshot()).index).toBe(1);
    expect(h.snapshot().context.completedSteps).toEqual([1, 3]);
    expect(stepList(h.snapshot()).map((item) => item.reachable)).toEqual([false, true, false, false, false]);
    await h.exec(goTo(4, { values: VALUES[1] })); // step 2 is in between: refused
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(stepValues(h.snapshot(), 'legal')).toEqual(EDITED[2]); // kept, shown again on step 2
  });

  it('from the review, the list opens any step; the review is reachable again from there', async () => {
    const h = await start(COMPLETE);
    await h.exec(goTo(2, { values: {} }));
    expect([currentStep(h.snapshot()).index, returnsToReview(h.snapshot())]).toEqual([2, false]);
    await h.exec(goTo(5, { values: VALUES[2] }));
    await h.exec({ type: 'xstate.done.actor.saveStep', output: undefined });
    expect(h.snapshot().value).toEqual({ reviewing: 'idle' });
    expect(h.deferred.inputsOf('saveStep')).toEqual([{ step: 2, values: VALUES[2] }]);
  });
});

describe('details wizard: removing an optional image on file', () => {
  async function atStep3(output = HALFWAY) {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.loadDetails', output });
    await h.exec({ type: 'wizard.goTo', step: 3, valid: true, values: {}, files: [], dirty: false });
    return h;
  }

  it('asks first; cancel keeps the image; confirm removes it', async () => {
    const h = await atStep3();
    expect(canRemoveOnFile(h.snapshot(), 'driving-front')).toBe(true);
    expect(canRemoveOnFile(h.snapshot(), 'driving-back')).toBe(false); // none on file
    await h.exec({ type: 'wizard.removeImage', kind: 'driving-front' });
    expect(removal(h.snapshot())).toEqual({ kind: 'driving-front', status: 'confirming' });
    await h.exec({ type: 'wizard.cancelRemoval' });
    expect([removal(h.snapshot()), isOnFile(h.snapshot(), 'driving-front')]).toEqual([null, true]);
    expect(h.deferred.inputsOf('removeImage')).toEqual([]);
    await h.exec({ type: 'wizard.removeImage', kind: 'driving-front' });
    await h.exec({ type: 'wizard.confirmRemoval' });
    expect(removal(h.snapshot())).toEqual({ kind: 'driving-front', status: 'removing' });
    expect(h.deferred.inputsOf('removeImage')).toEqual([{ kind: 'driving-front' }]);
    await h.exec({ type: 'xstate.done.actor.removeImage', output: undefined });
    expect([h.snapshot().value, removal(h.snapshot()), isOnFile(h.snapshot(), 'driving-front')]).toEqual([{ editing: 'idle' }, null, false]);
    expect(currentStep(h.snapshot()).index).toBe(3);
  });

  it('a failed removal keeps the image and what was typed; confirming again tries again', async () => {
    const h = await atStep3();
    await h.exec({ type: 'wizard.next', valid: false, values: EDITED[3], files: [] });
    await h.exec({ type: 'wizard.removeImage', kind: 'driving-front' });
    await h.exec({ type: 'wizard.confirmRemoval' });
    await h.exec({ type: 'xstate.error.actor.removeImage', error: INTERNAL_ERROR });
    expect(removal(h.snapshot())).toEqual({ kind: 'driving-front', status: 'failed' });
    expect([isOnFile(h.snapshot(), 'driving-front'), stepValues(h.snapshot(), 'generalInfo')]).toEqual([true, EDITED[3]]);
    await h.exec({ type: 'wizard.confirmRemoval' });
    await h.exec({ type: 'xstate.done.actor.removeImage', output: undefined });
    expect(isOnFile(h.snapshot(), 'driving-front')).toBe(false);
    expect(stepValues(h.snapshot(), 'generalInfo')).toEqual(EDITED[3]);
  });

  it('never the ID card, nor the last pictures of a new account; a picture of an existing account yes', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.loadDetails', output: COMPLETE });
    await h.exec({ type: 'wizard.goTo', step: 2, valid: true, values: {}, files: [], dirty: false });
    expect(canRemoveOnFile(h.snapshot(), 'id-front')).toBe(false);
    await h.exec({ type: 'wizard.removeImage', kind: 'id-front' });
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    await h.exec({ type: 'wizard.goTo', step: 4, valid: true, values: VALUES[2], files: [], dirty: false });
    await h.exec({ type: 'xstate.done.actor.saveStep', output: undefined });
    expect(canRemoveOnFile(h.snapshot(), 'picture1')).toBe(false); // a new account
    const existing = harness();
    existing.start(undefined);
    await existing.exec({ type: 'xstate.done.actor.loadDetails', output: { ...HALFWAY, details: { ...COMPLETE.details, newAccount: false } } });
    expect(canRemoveOnFile(existing.snapshot(), 'picture1')).toBe(true);
    expect(canRemoveOnFile(existing.snapshot(), 'picture2')).toBe(false); // not on file
  });
});

describe('details wizard: journeys with fixed end states', () => {
  async function loaded(h = harness()) {
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.loadDetails', output: FRESH });
    return h;
  }
  async function saveStep(h: Harness<M, Action>, step: EditableStep, files: string[] = []) {
    await h.exec({ type: 'wizard.next', valid: true, values: VALUES[step], files: files as never });
    await h.exec({ type: 'xstate.done.actor.saveStep', output: undefined });
    if (files.length) await h.exec({ type: 'xstate.done.actor.uploadFiles', output: undefined });
  }

  it('five steps with the ID card and a picture, then home with the info refreshed', async () => {
    const h = await loaded();
    expect(canGoBack(h.snapshot())).toBe(false);
    await saveStep(h, 1);
    await saveStep(h, 2, ['id-front', 'id-back']);
    await saveStep(h, 3);
    await saveStep(h, 4, ['picture1']);
    expect(h.snapshot().value).toEqual({ reviewing: 'idle' });
    expect(currentStep(h.snapshot())).toEqual({ index: 5, name: 'final' });
    await h.exec({ type: 'wizard.submit' });
    await h.exec({ type: 'xstate.done.actor.submitDetails', output: undefined });

    expect(h.snapshot().value).toBe('submitted');
    expect(h.deferred.inputsOf('saveStep')).toEqual([
      { step: 1, values: VALUES[1] },
      { step: 2, values: VALUES[2] },
      { step: 3, values: VALUES[3] },
      { step: 4, values: {} },
      { step: 5, values: {} },
    ]);
    expect(h.deferred.inputsOf('uploadFiles')).toEqual([
      { step: 2, kinds: ['id-front', 'id-back'] },
      { step: 4, kinds: ['picture1'] },
    ]);
    expect(h.spies.refreshGeneralInfo).toHaveBeenCalledTimes(1);
    expect(h.paramsOf('navigate')).toEqual([{ to: '/home' }]);
  });

  it('save refused (422), then Next again with what is on screen now: the new values are sent, nothing is lost', async () => {
    const h = await loaded();
    await h.exec({ type: 'wizard.next', valid: true, values: VALUES[1], files: [] });
    await h.exec({ type: 'xstate.error.actor.saveStep', error: SAVE_REFUSED });
    expect(h.snapshot().value).toEqual({ editing: 'saveFailed' });
    expect(failure(h.snapshot())).toBe('save');
    expect(problems(h.snapshot())).toEqual([{ path: 'mainAddress[zip]', message: SAVE_REFUSED.fields[0]!.message }]);
    expect(currentStep(h.snapshot()).index).toBe(1);
    expect(stepValues(h.snapshot(), 'contactInfo')).toEqual(VALUES[1]);
    expect(canRetry(h.snapshot())).toBe(false);
    const fixed = { ...VALUES[1], mainAddress: { ...(VALUES[1].mainAddress as object), zip: '9050' } };
    await h.exec({ type: 'wizard.next', valid: true, values: fixed, files: [] });
    expect(h.snapshot().context.problems).toEqual([]);
    await h.exec({ type: 'xstate.done.actor.saveStep', output: undefined });
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(currentStep(h.snapshot()).index).toBe(2);
    expect(h.deferred.inputsOf('saveStep')).toEqual([
      { step: 1, values: VALUES[1] },
      { step: 1, values: fixed },
    ]);
  });

  it('a refused upload keeps what was typed and chosen; Next again saves and uploads again; then the images are on file', async () => {
    const h = await loaded();
    await saveStep(h, 1);
    await h.exec({ type: 'wizard.next', valid: true, values: VALUES[2], files: ['id-front', 'id-back', 'picture1'] });
    await h.exec({ type: 'xstate.done.actor.saveStep', output: undefined });
    expect(h.deferred.inputsOf('uploadFiles')).toEqual([{ step: 2, kinds: ['id-front', 'id-back'] }]); // only this step's kinds
    await h.exec({ type: 'xstate.error.actor.uploadFiles', error: apiError('payload_too_large', 'Fichier trop grand.') });
    expect(failure(h.snapshot())).toBe('upload');
    expect(stepValues(h.snapshot(), 'legal')).toEqual(VALUES[2]);
    expect(h.snapshot().context.files).toEqual(['id-front', 'id-back']);
    expect(isOnFile(h.snapshot(), 'id-front')).toBe(false);
    await h.exec({ type: 'wizard.next', valid: true, values: VALUES[2], files: ['id-back'] });
    await h.exec({ type: 'xstate.done.actor.saveStep', output: undefined });
    await h.exec({ type: 'xstate.done.actor.uploadFiles', output: undefined });
    expect(currentStep(h.snapshot()).index).toBe(3);
    expect(h.deferred.inputsOf('saveStep')).toHaveLength(3);
    expect(h.deferred.inputsOf('uploadFiles')).toEqual([
      { step: 2, kinds: ['id-front', 'id-back'] },
      { step: 2, kinds: ['id-back'] },
    ]);
    expect(isOnFile(h.snapshot(), 'id-back')).toBe(true);
    expect(h.snapshot().context.details?.images[IMAGE_FIELDS['id-back']]).toBe(true);
    expect(h.snapshot().context.files).toEqual([]);
  });

  it('an invalid advance warns, stays, and shows the errors of the step', async () => {
    const h = await loaded();
    await h.exec({ type: 'wizard.next', valid: false, values: EDITED[1], files: [] });
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(h.paramsOf('notify')).toEqual([{ type: 'warning', msg: 'details_formInvalid' }]);
    expect(isStepSubmitted(h.snapshot(), 'contactInfo')).toBe(true);
    expect(stepValues(h.snapshot(), 'contactInfo')).toEqual(EDITED[1]);
    expect(h.deferred.inputsOf('saveStep')).toEqual([]);
  });

  it('edit from the review: change step 2, Continue returns to the review', async () => {
    const h = await loaded();
    for (const step of [1, 2, 3, 4] as const) await saveStep(h, step);
    await h.exec({ type: 'wizard.edit', step: 2 });
    expect([currentStep(h.snapshot()).name, returnsToReview(h.snapshot())]).toEqual(['legal', true]);
    const changed = { ...VALUES[2], 'legalInformation[civilStatus]': '2' };
    await h.exec({ type: 'wizard.next', valid: true, values: changed, files: [] });
    await h.exec({ type: 'xstate.done.actor.saveStep', output: undefined });
    expect(h.snapshot().value).toEqual({ reviewing: 'idle' });
    expect(returnsToReview(h.snapshot())).toBe(false);
    expect(h.deferred.inputsOf('saveStep').at(-1)).toEqual({ step: 2, values: changed });
  });

  it('edit from the review, then Back: the following steps are walked (and saved) again', async () => {
    const h = await loaded();
    for (const step of [1, 2, 3, 4] as const) await saveStep(h, step);
    await h.exec({ type: 'wizard.edit', step: 3 });
    await h.exec({ type: 'wizard.back', values: EDITED[3] });
    expect([currentStep(h.snapshot()).index, returnsToReview(h.snapshot())]).toEqual([2, false]);
    await saveStep(h, 2);
    expect(currentStep(h.snapshot()).index).toBe(3);
    expect(stepValues(h.snapshot(), 'generalInfo')).toEqual(EDITED[3]); // what was typed before Back
  });

  it('the before-change check can veto a move', async () => {
    const veto = ({ context, event }: { context: WizardContext; event: WizardEvent }, params: { to: StepTarget }) => {
      const move = stepChangeOf(context, event, params.to);
      return !(move.from === 2 && move.to === 1);
    };
    const h = createHarness(detailsWizardMachine, {
      actors: ['loadDetails', 'saveStep', 'uploadFiles', 'removeImage'],
      actions: ACTIONS,
      guards: { allowStepChange: veto as never },
    });
    await loaded(h);
    await saveStep(h, 1);
    expect(canGoBack(h.snapshot())).toBe(false); // 2 → 1 vetoed
    await h.exec({ type: 'wizard.back', values: VALUES[2] });
    expect(currentStep(h.snapshot()).index).toBe(2);
    await saveStep(h, 2);
    expect(canGoBack(h.snapshot())).toBe(true); // 3 → 2 allowed
  });

  it('a failed load can be retried', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.error.actor.loadDetails', error: INTERNAL_ERROR });
    expect(failure(h.snapshot())).toBe('load');
    await h.exec({ type: 'wizard.retry' });
    await h.exec({ type: 'xstate.done.actor.loadDetails', output: FRESH });
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(h.snapshot().context.details).toEqual(DETAILS);
  });

  it('a failed submit keeps the review and can be retried', async () => {
    const h = await loaded();
    for (const step of [1, 2, 3, 4] as const) await saveStep(h, step);
    await h.exec({ type: 'wizard.submit' });
    await h.exec({ type: 'xstate.error.actor.submitDetails', error: apiError('details_incomplete', 'Incomplet.') });
    expect(failure(h.snapshot())).toBe('submit');
    await h.exec({ type: 'wizard.retry' });
    await h.exec({ type: 'xstate.done.actor.submitDetails', output: undefined });
    expect(h.snapshot().value).toBe('submitted');
  });
});
