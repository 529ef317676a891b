/** The wizard's steps with fields, in order (step 4 has images only, step 5 is the review). */
import type { StepDescription } from '../details-fields.ts';
import { contactInfo } from './contact-info.ts';
import { generalInfo } from './general-info.ts';
import { legal } from './legal.ts';

export const DETAILS_STEPS: readonly StepDescription[] = [contactInfo, legal, generalInfo];

/** The description of a step with fields; null for the pictures and the review. */
export const describedStep = (index: number): StepDescription | null => DETAILS_STEPS.find((step) => step.index === index) ?? null;
