// @vitest-environment jsdom
/**
 * Each wizard field is described once (domain/details-steps/) and that description drives every consumer: the
 * contract holds exactly the described fields (GET details and each step's body), and every described field is
 * on the form, in the review, in what is sent (and a refusal of it finds its way back), and in the server's view of
 * the file, which reads back what the step saved.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createActor, fromPromise, waitFor as settled } from 'xstate';
import { detailsWizardMachine } from '../../machines/details-wizard.machine.ts';
import { type EditableStep, type PersonalDetails as MachineDetails } from '../../machines/details-wizard.types.ts';
import type { PersonalDetails } from '#domain/api-schema.ts';
import { createChosenImages } from '../../src/actors/details-files.ts';
import { ADDRESS_PARTS, fieldsOfStep, type About, type Field, type StepDescription, type StepInput } from '#domain/details-fields.ts';
import { stepSchema } from '#domain/details-rules.ts';
import { DETAILS_STEPS } from '#domain/details-steps/steps.ts';
import { bodyKeyOf, formInput, formPathOf, stepEntries, valuesToSend } from '#domain/details-values.ts';
import { DetailsWizard } from '../../src/features/details/details-wizard.tsx';
import { say } from '../../src/features/details/labels.ts';
import { m } from '../../src/paraglide/messages.js';
import { stepRows } from '../../src/features/details/review-rows.ts';
import { describedFile } from '../../server/services/details-view.ts';
import { contactInfo, generalInformation, languages, legalInformation } from '../fixtures/worker-data.ts';
import { DETAILS_RESPONSE, FILLED_RESPONSE } from './details-data.ts';

afterEach(cleanup);

type Schema = { properties?: Record<string, unknown> };
const schemas = (parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as { components: { schemas: Record<string, Schema> } })
  .components.schemas;
const keysOf = (name: string) => Object.keys(schemas[name]?.properties ?? {}).sort();

/** Every field shown (married, gender f, a car) and filled (a secondary address too), but a field added since. */
const ABOUT: About = { newAccount: true, gender: 'f' };
const FILLED: Record<StepDescription['name'], StepInput> = {
  contactInfo: { ...contactInfo('anne@example.be'), secondaryAddress: { street: 'Kot', number: '1', zip: '3000', city: 'Leuven', country: 'BE' } },
  legal: legalInformation('1', { civilStatus: '2', marriageDate: '2020-05-01', spouseName: 'Jan', spouseBirthDate: '1988-01-02', spouseOccupation: '4' }),
  generalInfo: { ...generalInformation(), skirtSize: '38', car: 'oui', carDescription: 'Golf', carPlate: '1-ABC-123', languages: languages() },
};
// A field this test does not know yet starts as the empty file has it: it must still reach every consumer.
const FORM = Object.fromEntries(DETAILS_STEPS.map((step) => [step.name, { ...formInput(step, DETAILS_RESPONSE), ...FILLED[step.name] }])) as typeof FILLED;
const TODAY = '2026-03-15';

/** The flattened body keys of one field (an address and the levels have one per part, a list repeats `[]`). */
function bodyKeys(step: StepDescription, field: Field): string[] {
  if (field.kind === 'address') return ADDRESS_PARTS.map((part) => bodyKeyOf(step, [field.name, part]));
  if (field.kind === 'levels') return field.parts.map((part) => bodyKeyOf(step, [field.name, part]));
  return [bodyKeyOf(step, [field.name]) + (field.kind === 'choices' ? '[]' : '')];
}
/** The words a field shows on the form and in the review: its label, or one per language. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const labelsOf = (field: Field): string[] => (field.kind === 'levels' ? field.parts.map((part) => say(field.partLabels[part]!)) : [say(field.label)]);

describe('the contract holds exactly the described fields', () => {
  it('GET details: every field of the file but the account’s own is described, at its place', () => {
    const described = (group: string | null) =>
      DETAILS_STEPS.flatMap((step) =>
        fieldsOfStep(step)
          .filter((field) => (field.topLevel || !step.group ? null : step.group) === group)
          .map((field) => field.name),
      ).sort();
    const own = ['images', 'status', 'newAccount', 'legalInformation', 'generalInformation'];
    expect(described(null)).toEqual(keysOf('PersonalDetails').filter((key) => !own.includes(key)));
    expect(described('legalInformation')).toEqual(keysOf('LegalInformation'));
    expect(described('generalInformation')).toEqual(keysOf('GeneralInformation'));
  });

  it.each([
    [1, 'DetailsStepContactInfo'],
    [2, 'DetailsStepLegal'],
    [3, 'DetailsStepGeneralInfo'],
  ] as const)('step %i: every key of %s is a described field’s, and every described field has its keys', (index, name) => {
    const step = DETAILS_STEPS[index - 1]!;
    expect(
      fieldsOfStep(step)
        .flatMap((field) => bodyKeys(step, field))
        .sort(),
    ).toEqual(keysOf(name));
  });
});

describe.each(DETAILS_STEPS.map((step) => [step.name, step] as const))('%s: every described field reaches', (_name, step) => {
  const fields = fieldsOfStep(step);
  const form = FORM[step.name];

  it('the schema (the form’s and the server’s), which accepts the filled step', () => {
    const schema = stepSchema(step, { newAccount: true, today: TODAY });
    expect(Object.keys(schema.pipe[0].entries)).toEqual(fields.map((field) => field.name));
    expect(v.safeParse(schema, form).issues).toBeUndefined();
  });

  it('the submission, and a refusal of each key comes back to its field', () => {
    const sent = stepEntries(step, valuesToSend(step, form, ABOUT)).map(([key]) => key);
    for (const field of fields)
      for (const key of bodyKeys(step, field)) {
        expect(sent, key).toContain(key);
        expect(formPathOf(step, key)?.[0], key).toBe(field.name);
      }
  });

  it('the server’s view of the file, which reads back what the step saved', () => {
    const saved = v.parse(stepSchema(step, { newAccount: true, today: TODAY }), valuesToSend(step, form, ABOUT));
    const file = { ...FILLED_RESPONSE, ...describedFile({ [step.name]: saved }) } as PersonalDetails;
    const readBack = formInput(step, file);
    expect(Object.keys(readBack)).toEqual(fields.map((field) => field.name));
    expect(v.parse(stepSchema(step, { newAccount: true, today: TODAY }), readBack)).toEqual(saved);
  });

  it('the review, a row per field (a row per language)', () => {
    const rows = stepRows(step, form, ABOUT);
    expect(rows.map((row) => row.label)).toEqual(fields.flatMap(labelsOf));
    const filled = fields.filter((field) => field.name in FILLED[step.name]).flatMap(labelsOf);
    expect(rows.filter((row) => filled.includes(row.label) && row.value === null)).toEqual([]);
  });

  it('the form on screen', async () => {
    // The file is complete and shows every field (married, gender f, a car): the wizard is walked to this step.
    const details = {
      ...FILLED_RESPONSE,
      ...describedFile({
        contactInfo: v.parse(stepSchema(DETAILS_STEPS[0]!, { newAccount: true, today: TODAY }), FORM.contactInfo),
        legal: FORM.legal,
        generalInfo: FORM.generalInfo,
      }),
    } as PersonalDetails;
    const logic = detailsWizardMachine.provide({
      actors: {
        loadDetails: fromPromise(async () => ({ details: details as unknown as MachineDetails, completedSteps: [] as EditableStep[] })),
        saveStep: fromPromise(async () => {}),
        uploadFiles: fromPromise(async () => {}),
      },
    });
    const actor = createActor(logic).start();
    await settled(actor, (s) => s.matches('editing'));
    for (const earlier of DETAILS_STEPS.filter((described) => described.index < step.index)) {
      actor.send({ type: 'wizard.next', valid: true, values: formInput(earlier, details), files: [] });
      await settled(actor, (s) => s.matches('editing') && s.context.step === earlier.index + 1);
    }
    const images = createChosenImages({
      urls: { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} },
      loadOnFile: async () => new Blob(['x']),
      decode: () => Promise.resolve(),
    });
    render(<DetailsWizard actor={actor} images={images} />);
    await screen.findByRole('button', { name: m.details_next() });
    const main = within(document.body);
    for (const field of fields) {
      if (field.kind === 'address' || field.kind === 'levels' || field.kind === 'choices')
        expect(main.getByRole('group', { name: startsWith(say(field.label)) })).toBeInstanceOf(HTMLFieldSetElement);
      for (const label of field.kind === 'address' || field.kind === 'choices' ? [] : labelsOf(field))
        expect(main.getAllByLabelText(startsWith(label)).length, label).toBeGreaterThan(0);
    }
    images.dispose();
  });
});
