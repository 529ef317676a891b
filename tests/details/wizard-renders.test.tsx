// @vitest-environment jsdom
/**
 * The wizard's view selects what each part shows (docs/decisions/150-each-decision-drawn-once.md): a new snapshot that changes nothing on screen renders
 * nothing. Between saving a step and uploading its files the machine moves (saving → uploading) but the worker sees
 * the same busy step: no commit. The count is React's own (Profiler), and it moves when something does change.
 */
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor as settled } from 'xstate';
import { detailsWizardMachine } from '../../machines/details-wizard.machine.ts';
import { type EditableStep, type PersonalDetails, type StepIndex, type StepValues } from '../../machines/details-wizard.types.ts';
import { createChosenImages } from '../../src/actors/details-files.ts';
import { DetailsWizard } from '../../src/features/details/details-wizard.tsx';
import { m } from '../../src/paraglide/messages.js';
import { DETAILS_RESPONSE } from './details-data.ts';
import { formInput } from '#domain/details-values.ts';
import { contactInfo as contactInfoStep } from '#domain/details-steps/contact-info.ts';
import { legal as legalStep } from '#domain/details-steps/legal.ts';
import { generalInfo as generalInfoStep } from '#domain/details-steps/general-info.ts';

afterEach(cleanup);

/** A promise the test settles. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the wizard re-renders only for what it shows', () => {
  it('no commit when the machine goes from saving the step to uploading its files; one when the review opens', async () => {
    const save = deferred();
    const upload = deferred();
    const logic = detailsWizardMachine.provide({
      actors: {
        // The machine keeps the answer's nested groups opaque (its own PersonalDetails type).
        loadDetails: fromPromise(async () => ({ details: DETAILS_RESPONSE as unknown as PersonalDetails, completedSteps: [] as EditableStep[] })),
        saveStep: fromPromise(async ({ input }: { input: { step: StepIndex; values: StepValues } }) => {
          if (input.step === 4) await save.promise;
        }),
        uploadFiles: fromPromise(async () => upload.promise),
      },
    });
    const actor = createActor(logic).start();
    await settled(actor, (s) => s.matches('editing'));
    const typed = [formInput(contactInfoStep, DETAILS_RESPONSE), formInput(legalStep, DETAILS_RESPONSE), formInput(generalInfoStep, DETAILS_RESPONSE)];
    for (const step of [1, 2, 3] as const) {
      actor.send({ type: 'wizard.next', valid: true, values: typed[step - 1]!, files: [] });
      await settled(actor, (s) => s.matches('editing') && s.context.step === step + 1);
    }
    let commits = 0;
    const images = createChosenImages({ urls: { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }, decode: () => Promise.resolve() });
    render(
      <Profiler id="wizard" onRender={() => commits++}>
        <DetailsWizard actor={actor} images={images} />
      </Profiler>,
    );
    await screen.findByRole('heading', { level: 1, name: m.details_step_pictures() });

    await act(async () => actor.send({ type: 'wizard.next', valid: true, values: {}, files: ['picture1'] }));
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    const whileSaving = commits;

    await act(async () => {
      save.resolve();
      await settled(actor, (s) => s.matches('uploading'));
    });
    expect(commits, 'saving → uploading changes nothing on screen').toBe(whileSaving);

    await act(async () => {
      upload.resolve();
      await settled(actor, (s) => s.matches('reviewing'));
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(m.details_step_final());
    expect(commits).toBeGreaterThan(whileSaving);
  });
});
