/** Step 4, pictures: no fields, picture1 and picture2 (at least one for a new account, §5). */
import { STEP_IMAGES } from '#domain/details-images.ts';
import { stepSchema } from '#domain/details-rules.ts';
import { m } from '../../paraglide/messages.js';
import { useStepForm } from './step-form.tsx';
import { StepFrame, type StepContext } from './step-frame.tsx';
import { StepImages } from './step-images.tsx';
import * as s from './details.css.ts';

const noFields = stepSchema({ blocks: [] }, { newAccount: false, today: '' });

export function PicturesStep({ ctx }: { ctx: StepContext }) {
  const form = useStepForm(noFields, {}, { step: null, submitted: ctx.submitted, problems: ctx.problems });
  return (
    <StepFrame ctx={ctx} form={form} imageKinds={STEP_IMAGES[4]} toSend={() => ({})}>
      <p className={s.groupHint}>{ctx.details.newAccount ? m.details_pictures_intro() : m.details_pictures_introExisting()}</p>
      <StepImages ctx={ctx} kinds={STEP_IMAGES[4]} />
    </StepFrame>
  );
}
