/**
 * Choosing an image a worker can trust (issue 5 item 3): the type and size are checked at once (before anything
 * is sent), the chosen image is previewed, the upload shows its progress (a labelled <progress>, and "sent" in a
 * polite status region), and a refusal of the server says why. The files live in the wizard's store
 * (src/actors/details-files.ts), so nothing chosen is lost when a save fails, on Back or on a language switch.
 */
import { useSyncExternalStore } from 'react';
import type { ChosenImages, ChosenImagesSnapshot } from '../../actors/details-files.ts';
import { missingImages, type ImageField as ImageName } from '../../domain/details-images.ts';
import { UPLOAD_ACCEPT } from '../../domain/constants.ts';
import { UPLOAD_IMAGE, type UploadKind } from '../../../machines/details-wizard.machine.ts';
import type { ImagesOnFile } from '../../api/schema.ts';
import { Button } from '../../ui/button.tsx';
import { FieldError, describedBy } from '../../ui/field.tsx';
import * as fieldStyles from '../../ui/field.css.ts';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { m } from '../../paraglide/messages.js';
import { errorText, IMAGE_LABEL, imageId } from './texts.ts';
import * as s from './details.css.ts';

export const useChosenImages = (images: ChosenImages): ChosenImagesSnapshot => useSyncExternalStore(images.subscribe, images.getSnapshot);

const KIND_OF: Record<ImageName, UploadKind> = {
  idFront: 'id-front',
  idBack: 'id-back',
  drivingFront: 'driving-front',
  drivingBack: 'driving-back',
  picture1: 'picture1',
  picture2: 'picture2',
};

/**
 * The messages of a step's images: a refused choice (always), a refused upload (always), and, once the step is
 * submitted, what §5 still requires (ID front and back unless on file; one picture for a new account).
 * `blocking` is true when the step may not advance.
 */
export function stepImageErrors(
  kinds: readonly UploadKind[],
  snapshot: ChosenImagesSnapshot,
  onFile: ImagesOnFile,
  newAccount: boolean,
  submitted: boolean,
): { errors: Partial<Record<UploadKind, string>>; blocking: boolean } {
  const errors: Partial<Record<UploadKind, string>> = {};
  let blocking = false;
  const chosen = Object.fromEntries(kinds.map((kind) => [UPLOAD_IMAGE[kind], snapshot[kind]?.image !== undefined]));
  for (const missing of missingImages(onFile, chosen, newAccount, kinds.map((kind) => UPLOAD_IMAGE[kind]))) {
    blocking = true;
    if (submitted) errors[KIND_OF[missing.field]] = errorText(missing.message);
  }
  for (const kind of kinds) {
    const slot = snapshot[kind];
    if (slot?.refused) {
      blocking = true;
      errors[kind] = m.details_image_refused({ name: slot.refused.name, reason: errorText(slot.refused.reason) });
    } else if (slot?.image?.status === 'failed') errors[kind] = m.details_image_failed({ reason: slot.image.failure || m.error_generic() });
  }
  return { errors, blocking };
}

export function ImageInput({ kind, images, onFile, error, optional, busy }: {
  kind: UploadKind;
  images: ChosenImages;
  onFile: boolean;
  error: string | undefined;
  optional: boolean;
  busy: boolean;
}) {
  const slot = useChosenImages(images)[kind] ?? {};
  const chosen = slot.image;
  const label = IMAGE_LABEL[kind]();
  const id = imageId(kind);
  const ids = { controlId: id, hintId: `${id}-hint`, errorId: `${id}-error` };
  const progressId = `${id}-progress`;
  return (
    <div className={[s.image, error ? fieldStyles.fieldInvalid : undefined].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
        {optional ? (
          <>
            {' '}
            <span className={fieldStyles.optional}>{m.ui_optional()}</span>
          </>
        ) : null}
      </label>
      <div id={ids.hintId} className={fieldStyles.hint}>
        {m.details_image_hint()}
        {onFile && !chosen ? (
          <>
            {' '}
            {m.details_image_onFile()}
          </>
        ) : null}
      </div>
      {error ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
      <input
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        className={s.fileInput}
        disabled={busy}
        {...describedBy(ids, true, error)}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared at once: the store holds the choice, and the same file can be chosen again later.
          event.currentTarget.value = '';
          if (file) images.choose(kind, file);
        }}
      />
      {chosen ? (
        <>
          <p className={s.status}>{m.details_image_chosen({ name: chosen.file.name })}</p>
          {chosen.previewUrl ? <img className={s.preview} src={chosen.previewUrl} alt={m.details_image_preview({ label })} /> : null}
          {chosen.status === 'uploading' ? (
            <div>
              <label htmlFor={progressId} className={s.status}>
                {m.details_image_progress({ label })}
              </label>
              <progress id={progressId} className={s.progress} max={100} value={Math.round(chosen.progress * 100)} />
            </div>
          ) : null}
          {chosen.status !== 'uploading' && !busy ? (
            <div>
              <Button variant="quiet" onClick={() => images.remove(kind)}>
                {m.details_image_remove()}{' '}
                <VisuallyHidden>{label}</VisuallyHidden>
              </Button>
            </div>
          ) : null}
        </>
      ) : slot.refused ? (
        <div>
          <Button variant="quiet" onClick={() => images.remove(kind)}>
            {m.details_image_remove()}{' '}
            <VisuallyHidden>{label}</VisuallyHidden>
          </Button>
        </div>
      ) : null}
      <p role="status" className={s.status}>
        {chosen?.status === 'uploaded' ? m.details_image_uploaded() : ''}
      </p>
    </div>
  );
}
