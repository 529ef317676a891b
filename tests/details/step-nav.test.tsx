// @vitest-environment jsdom
/**
 * Where the wizard opens and its step list (docs/decisions/123-wizard-resumes.md), in the DOM with the real machine: the steps the file
 * completes (src/features/details/step-progress.ts, from the domain rules), the list as a navigation (buttons for
 * the steps the machine would go to, `aria-current="step"`, nothing to press beyond the first incomplete step),
 * used with the keyboard; forward through the list saves the step shown first.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise, waitFor as settled } from 'xstate';
import { detailsWizardMachine } from '../../machines/details-wizard.machine.ts';
import { type EditableStep, type PersonalDetails, type StepIndex, type StepValues } from '../../machines/details-wizard.types.ts';
import { createChosenImages } from '../../src/actors/details-files.ts';
import type { PersonalDetails as DetailsResponse } from '#domain/api-schema.ts';
import { DetailsWizard } from '../../src/features/details/details-wizard.tsx';
import { completedStepsOf } from '../../src/features/details/step-progress.ts';
import { m } from '../../src/paraglide/messages.js';
import { DETAILS_RESPONSE, FILLED_RESPONSE } from './details-data.ts';

const TITLES = [m.details_step_contactInfo, m.details_step_legal, m.details_step_generalInfo, m.details_step_pictures, m.details_step_final];
const TODAY = '2026-11-24';

describe('the steps a file completes (from the rules of each step)', () => {
  it('a new file none; a filled one all four; a missing image or an expired ID card makes its step incomplete', () => {
    expect(completedStepsOf(DETAILS_RESPONSE, TODAY)).toEqual([]);
    expect(completedStepsOf(FILLED_RESPONSE, TODAY)).toEqual([1, 2, 3, 4]);
    expect(completedStepsOf({ ...FILLED_RESPONSE, images: { ...FILLED_RESPONSE.images, picture1: false } }, TODAY)).toEqual([1, 2, 3]);
    expect(completedStepsOf({ ...FILLED_RESPONSE, images: { ...FILLED_RESPONSE.images, idBack: false } }, TODAY)).toEqual([1, 3, 4]);
    expect(completedStepsOf(FILLED_RESPONSE, '2099-02-01')).toEqual([1, 3, 4]); // the ID card expired
    expect(completedStepsOf({ ...FILLED_RESPONSE, mobile: null }, TODAY)).toEqual([2, 3, 4]);
    // An existing account needs no picture (§5).
    expect(completedStepsOf({ ...FILLED_RESPONSE, newAccount: false, images: { ...FILLED_RESPONSE.images, picture1: false } }, TODAY)).toEqual([1, 2, 3, 4]);
  });
});

async function renderWizard(details: DetailsResponse, completedSteps: EditableStep[]) {
  const saves: Array<{ step: StepIndex; values: StepValues }> = [];
  const logic = detailsWizardMachine.provide({
    actors: {
      loadDetails: fromPromise(async () => ({ details: details as PersonalDetails, completedSteps })),
      saveStep: fromPromise(async ({ input }) => void saves.push(input)),
      uploadFiles: fromPromise(async () => {}),
    },
  });
  const actor = createActor(logic).start();
  await settled(actor, (s) => s.matches('editing') || s.matches('reviewing'));
  const images = createChosenImages({ urls: { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }, decode: () => Promise.resolve() });
  render(<DetailsWizard actor={actor} images={images} />);
  await screen.findByRole('navigation', { name: m.details_steps() }); // the step's chunk has arrived
  return { actor, saves };
}

const nav = () => screen.getByRole('navigation', { name: m.details_steps() });
/** Per step of the list: 'current', 'button' (the worker can go there) or 'text' (not yet). */
const list = () =>
  within(nav())
    .getAllByRole('listitem')
    .map((item) => (item.getAttribute('aria-current') === 'step' ? 'current' : within(item).queryByRole('button') ? 'button' : 'text'));
const stepButton = (step: number) => within(nav()).getByRole('button', { name: new RegExp(`^${TITLES[step - 1]!()}`) });

describe('the step list', () => {
  it('opens a new file at step 1: only the next step can be pressed (it is Next), nothing beyond it', async () => {
    await renderWizard(DETAILS_RESPONSE, []);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(TITLES[0]!());
    expect(list()).toEqual(['current', 'button', 'text', 'text', 'text']);
    expect(within(nav()).getByText(TITLES[0]!(), { exact: false }).closest('li')!.textContent).toContain(m.details_stepCurrent());
  });

  it('reopens a file saved up to step 3 at step 4: steps 1–3 marked done and reachable, the review too', async () => {
    await renderWizard({ ...FILLED_RESPONSE, images: { ...FILLED_RESPONSE.images, picture1: false } }, [1, 2, 3]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(TITLES[3]!());
    expect(list()).toEqual(['button', 'button', 'button', 'current', 'button']);
    expect(stepButton(2).textContent).toContain(m.details_stepComplete());
    expect(within(nav()).getAllByRole('listitem')[3]!.textContent).not.toContain(m.details_stepComplete());
  });

  it('with the keyboard: Tab to an earlier step, Enter opens it (nothing sent); aria-current follows', async () => {
    const { saves } = await renderWizard(FILLED_RESPONSE, [1, 2, 3]);
    const user = userEvent.setup();
    const target = stepButton(2);
    // The list comes before the fields: Tab reaches it from the top of the page.
    await act(async () => {
      for (let i = 0; i < 10 && document.activeElement !== target; i++) await user.tab();
    });
    expect(document.activeElement).toBe(target);
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: TITLES[1]!() });
    // Step 4 is reachable (step 3 between is done), the review not (step 4 is not).
    expect(list()).toEqual(['button', 'current', 'button', 'button', 'text']);
    expect(saves).toEqual([]);
  });

  it('forward through the list saves the step shown first, then opens the step asked for', async () => {
    const { saves, actor } = await renderWizard(FILLED_RESPONSE, [1, 2, 3, 4]);
    await screen.findByRole('heading', { level: 1, name: TITLES[4]!() }); // complete: the review
    const user = userEvent.setup();
    await user.click(stepButton(1));
    await screen.findByRole('heading', { level: 1, name: TITLES[0]!() });
    await user.click(stepButton(3));
    await screen.findByRole('heading', { level: 1, name: TITLES[2]!() });
    expect(saves.map((save) => save.step)).toEqual([1]);
    expect(actor.getSnapshot().context.step).toBe(3);
  });
});
