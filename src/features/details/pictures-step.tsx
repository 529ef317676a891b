/** Step 4, pictures: no fields, picture1 and picture2 (at least one for a new account, §5). */
import { IMAGE_FIELDS } from '../../domain/enums.ts';
import * as v from 'valibot';
import { m } from '../../paraglide/messages.js';
import { ImageInput, onFileRemoval, stepImageErrors, useChosenImages } from './image-field.tsx';
import { useStepForm } from './step-form.tsx';
import { StepFrame, type StepContext } from './step-frame.tsx';
import * as s from './details.css.ts';

const PICTURES = ['picture1', 'picture2'] as const;
const noFields = v.object({});

export function PicturesStep({ ctx }: { ctx: StepContext }) {
  const form = useStepForm(noFields, {}, { step: 4, submitted: ctx.submitted, problems: ctx.problems });
  const { newAccount } = ctx.details;
  const images = stepImageErrors(PICTURES, useChosenImages(ctx.images), ctx.details.images, newAccount, ctx.submitted);
  return (
    <StepFrame ctx={ctx} form={form} imageKinds={PICTURES} toSend={() => ({})}>
      <p className={s.groupHint}>{newAccount ? m.details_pictures_intro() : m.details_pictures_introExisting()}</p>
      {PICTURES.map((kind) => (
        <ImageInput key={kind} kind={kind} images={ctx.images} onFile={ctx.details.images[IMAGE_FIELDS[kind]]} error={images.errors[kind]} optional={!newAccount} busy={ctx.busy} removal={onFileRemoval(ctx, kind)} />
      ))}
    </StepFrame>
  );
}
