/**
 * Which steps of the wizard the file on the server already completes (issue 20 item 3, decision 123): a step is
 * complete when the form it would show, prefilled from the file, passes that step's own rules (the domain schemas
 * of src/domain/details-forms.ts, the very ones Next checks and the server applies) and the images that step
 * requires are on file (src/domain/details-images.ts). The wizard machine opens at the first incomplete step.
 */
import * as v from 'valibot';
import type { PersonalDetails } from '../../api/schema.ts';
import { contactInfoSchema, generalInfoSchema, legalSchema } from '../../domain/details-forms.ts';
import { missingImages, type ImageField } from '../../domain/details-images.ts';
import { brusselsToday } from '../../domain/period.ts';
import type { EditableStep } from '../../../machines/details-wizard.machine.ts';
import { contactInput, generalInput, generalToSend, legalInput, legalToSend } from './step-input.ts';

const STEP_IMAGES: Record<EditableStep, readonly ImageField[]> = {
  1: [],
  2: ['idFront', 'idBack'],
  3: ['drivingFront', 'drivingBack'],
  4: ['picture1', 'picture2'],
};

export function completedStepsOf(details: PersonalDetails, today = brusselsToday()): EditableStep[] {
  const legal = legalInput(details);
  const fieldsValid: Record<EditableStep, boolean> = {
    1: v.safeParse(contactInfoSchema, contactInput(details)).success,
    2: v.safeParse(legalSchema({ newAccount: details.newAccount, today }), legalToSend(legal, details.newAccount)).success,
    3: v.safeParse(generalInfoSchema, generalToSend(generalInput(details), legal.sex)).success,
    4: true,
  };
  return ([1, 2, 3, 4] as const).filter((step) => fieldsValid[step] && missingImages(details.images, {}, details.newAccount, STEP_IMAGES[step]).length === 0);
}
