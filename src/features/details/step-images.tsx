/** The image cards of a step (its kinds: domain/details-images.ts STEP_IMAGES), with the messages of §5. */
import { isImageOptional } from '#domain/details-images.ts';
import { IMAGE_FIELDS } from '#domain/enums.ts';
import type { UploadKind } from '../../../machines/details-wizard.types.ts';
import { ImageInput, onFileRemoval, stepImageErrors, useChosenImages } from './image-field.tsx';
import type { StepContext } from './step-frame.tsx';

export function StepImages({ ctx, kinds }: { ctx: StepContext; kinds: readonly UploadKind[] }) {
  const { newAccount } = ctx.details;
  const images = stepImageErrors(kinds, useChosenImages(ctx.images), ctx.details.images, newAccount, ctx.submitted);
  return kinds.map((kind) => (
    <ImageInput
      key={kind}
      kind={kind}
      images={ctx.images}
      onFile={ctx.details.images[IMAGE_FIELDS[kind]]}
      error={images.errors[kind]}
      optional={isImageOptional(kind, newAccount)}
      busy={ctx.busy}
      removal={onFileRemoval(ctx, kind)}
    />
  ));
}
