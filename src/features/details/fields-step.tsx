/**
 * Steps 1 to 3 (contactInfo, legal, generalInfo): a form over the schema of the step's description, its fields
 * drawn from that description, and what Next sends read from it too (hidden fields emptied, fixed ones left out).
 */
import { useMemo } from 'react';
import { getInput } from '@formisch/react';
import type { StepInput } from '#domain/details-fields.ts';
import { STEP_IMAGES } from '#domain/details-images.ts';
import { stepSchema } from '#domain/details-rules.ts';
import { DETAILS_STEPS } from '#domain/details-steps/steps.ts';
import { conditionFields, formInput, valuesToSend } from '#domain/details-values.ts';
import { brusselsToday } from '#domain/period.ts';
import { DescribedBlocks } from './described-fields.tsx';
import { useStepForm } from './step-form.tsx';
import { StepFrame, type StepContext } from './step-frame.tsx';

export function FieldsStep({ ctx }: { ctx: StepContext }) {
  const step = DETAILS_STEPS.find((described) => described.index === ctx.index);
  if (!step) throw new Error(`step ${ctx.index} has no fields`);
  const { newAccount } = ctx.details;
  const schema = useMemo(() => stepSchema(step, { newAccount, today: brusselsToday() }), [step, newAccount]);
  // The machine keeps what this form gave it (StepValues are opaque to it).
  const initial = (ctx.initial as StepInput | null) ?? formInput(step, ctx.details);
  const form = useStepForm(schema, initial, { step, submitted: ctx.submitted, problems: ctx.problems });
  const about = { newAccount, gender: ctx.gender };
  // Only the fields another one depends on are read here (civil status, car): typing elsewhere re-renders no step.
  const values = Object.fromEntries(conditionFields(step).map((name) => [name, getInput(form.form, { path: [name] })]));
  return (
    <StepFrame ctx={ctx} form={form} imageKinds={STEP_IMAGES[step.index]} toSend={() => valuesToSend(step, form.input(), about)}>
      <DescribedBlocks blocks={step.blocks} where={{ step, ctx, about, values }} />
    </StepFrame>
  );
}
