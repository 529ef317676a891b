/**
 * Which steps of the wizard the file on the server already completes (decision 123): a step is complete when the
 * form it would show, prefilled from the file, passes that step's own rules (the schema of its description, the
 * very one Next checks and the server applies) and the images that step requires are on file
 * (domain/details-images.ts). The wizard machine opens at the first incomplete step.
 */
import * as v from 'valibot';
import type { PersonalDetails } from '#domain/api-schema.ts';
import { missingImages, STEP_IMAGES } from '#domain/details-images.ts';
import { stepSchema } from '#domain/details-rules.ts';
import { describedStep } from '#domain/details-steps/steps.ts';
import { aboutOf, formInput, valuesToSend } from '#domain/details-values.ts';
import { IMAGE_FIELDS } from '#domain/enums.ts';
import { brusselsToday } from '#domain/period.ts';
import type { EditableStep } from '../../../machines/details-wizard.types.ts';

export function completedStepsOf(details: PersonalDetails, today = brusselsToday()): EditableStep[] {
  const about = aboutOf(details);
  const fieldsValid = (index: EditableStep) => {
    const step = describedStep(index);
    return !step || v.safeParse(stepSchema(step, { newAccount: details.newAccount, today }), valuesToSend(step, formInput(step, details), about)).success;
  };
  const imagesOnFile = (index: EditableStep) =>
    missingImages(
      details.images,
      {},
      details.newAccount,
      STEP_IMAGES[index].map((kind) => IMAGE_FIELDS[kind]),
    ).length === 0;
  return ([1, 2, 3, 4] as const).filter((step) => fieldsValid(step) && imagesOnFile(step));
}
