/**
 * The image picker of the wizard (decisions 042, 121): a card per image with its thumbnail (the
 * chosen image once prepared, or the image already on file), its state in words (announced: preparing, chosen and
 * its size, sent), one real button to take or choose a photo (or replace the one shown), and one to remove a
 * choice. The browser's own file input is there but never shown nor focused: the button opens it. A phone then
 * offers its camera or its gallery (no `capture`: it would hide the gallery, and on a computer open a webcam).
 * The chosen files live in the wizard's store (src/actors/details-files.ts), so nothing chosen is lost when a
 * save fails, on Back or on a language switch; it also prepares them (a JPEG of at most 2000 px, decision 120).
 */
import { IMAGE_FIELDS } from '#domain/enums.ts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { WizardEvent } from '../../../machines/details-wizard.types.ts';
import type { ChosenImages, ChosenImagesSnapshot } from '../../actors/details-files.ts';
import { kindOfImage, missingImages } from '#domain/details-images.ts';
import { UPLOAD_ACCEPT } from '#domain/constants.ts';
import type { UploadKind } from '../../../machines/details-wizard.types.ts';
import type { ImagesOnFile } from '#domain/api-schema.ts';
import { Button } from '../../ui/button.tsx';
import { FieldError } from '../../ui/field.tsx';
import * as fieldStyles from '../../ui/field.css.ts';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import { m } from '../../paraglide/messages.js';
import { getLocale } from '../../paraglide/runtime.js';
import { errorText, imageLabel, imageId } from './texts.ts';
import * as s from './details.css.ts';

export const useChosenImages = (images: ChosenImages): ChosenImagesSnapshot => useSyncExternalStore(images.subscribe, images.getSnapshot);

/** The object URL of the image on file of `kind` while `shown` (released, and revoked, when no longer shown). */
export function useOnFileUrl(images: ChosenImages, kind: UploadKind, shown: boolean): string | null {
  const [url, setUrl] = useState<{ kind: UploadKind; url: string } | null>(null);
  useEffect(() => {
    if (!shown) return undefined;
    const release = images.showOnFile(kind, (next) => setUrl({ kind, url: next }));
    return () => {
      release();
      setUrl(null);
    };
  }, [images, kind, shown]);
  return shown && url?.kind === kind ? url.url : null;
}

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
  const chosen = Object.fromEntries(kinds.map((kind) => [IMAGE_FIELDS[kind], snapshot[kind]?.image !== undefined]));
  for (const missing of missingImages(
    onFile,
    chosen,
    newAccount,
    kinds.map((kind) => IMAGE_FIELDS[kind]),
  )) {
    blocking = true;
    const kind = kindOfImage(missing.field);
    if (submitted && kind) errors[kind] = errorText(missing.message);
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

/** A size as the worker reads it: "412 ko" / "412 kB", "1,2 Mo" / "1,2 MB". */
export function fileSize(bytes: number, locale = getLocale()): string {
  const mega = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale === 'nl' ? 'nl-BE' : 'fr-BE', {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / (1024 * 1024) : Math.max(1, bytes / 1024));
}

/** Removing the image on file of one kind (docs/decisions/121-image-picker.md): whether the machine allows it now, and how far it went. */
export type OnFileRemoval = { can: boolean; status: 'confirming' | 'removing' | 'failed' | null; send: (event: WizardEvent) => void };

/** The removal props of one kind, from what the wizard read of its machine (StepContext). */
export function onFileRemoval(
  ctx: {
    removable: readonly UploadKind[];
    removal: { kind: UploadKind; status: 'confirming' | 'removing' | 'failed' } | null;
    send: (event: WizardEvent) => void;
  },
  kind: UploadKind,
): OnFileRemoval {
  return { can: ctx.removable.includes(kind), status: ctx.removal?.kind === kind ? ctx.removal.status : null, send: ctx.send };
}

export function ImageInput({
  kind,
  images,
  onFile,
  error,
  optional,
  busy,
  removal,
}: {
  kind: UploadKind;
  images: ChosenImages;
  onFile: boolean;
  error: string | undefined;
  optional: boolean;
  busy: boolean;
  /** Absent: the image on file cannot be removed here (the ID card). */
  removal?: OnFileRemoval;
}) {
  const slot = useChosenImages(images)[kind] ?? {};
  const chosen = slot.image;
  const onFileUrl = useOnFileUrl(images, kind, onFile && !chosen);
  const input = useRef<HTMLInputElement>(null);
  const label = imageLabel(kind);
  const id = imageId(kind);
  const ids = { label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error`, progress: `${id}-progress`, confirm: `${id}-confirm` };
  const thumbnail = chosen?.previewUrl ?? onFileUrl;
  const thumbnailAlt = chosen ? m.details_image_preview({ label }) : m.details_image_onFilePreview({ label });
  const describedBy = [ids.hint, error ? ids.error : null].filter(Boolean).join(' ');

  return (
    <div role="group" aria-labelledby={ids.label} className={[s.image, error ? fieldStyles.fieldInvalid : undefined].filter(Boolean).join(' ')}>
      <p id={ids.label} className={[fieldStyles.label, s.status].join(' ')}>
        {label}
        {optional ? (
          <>
            {' '}
            <span className={fieldStyles.optional}>{m.ui_optional()}</span>
          </>
        ) : null}
      </p>
      <p id={ids.hint} className={[fieldStyles.hint, s.status].join(' ')}>
        {m.details_image_hint()}
      </p>
      {/* Polite: a refusal right after a choice is read out; the error summary covers the errors of a Next. */}
      <div aria-live="polite">{error ? <FieldError id={ids.error}>{error}</FieldError> : null}</div>
      <div className={s.picker}>
        <div className={s.thumb}>
          {thumbnail ? <img className={s.thumbImage} src={thumbnail} alt={thumbnailAlt} /> : <span className={s.thumbEmpty} aria-hidden="true" />}
        </div>
        <div className={s.pickerBody}>
          <p role="status" className={s.status}>
            {chosen ? (
              <>
                <span className={s.fileName}>{m.details_image_chosen({ name: chosen.file.name })}</span>{' '}
                {chosen.status === 'preparing' ? <span>{m.details_image_preparing()}</span> : null}
                {chosen.prepared && chosen.status !== 'uploaded' ? <span>{m.details_image_ready({ size: fileSize(chosen.prepared.size) })}</span> : null}
                {chosen.status === 'uploaded' ? <span>{m.details_image_uploaded()}</span> : null}
              </>
            ) : onFile ? (
              <span>{m.details_image_onFile()}</span>
            ) : null}
          </p>
          {chosen?.status === 'uploading' ? (
            <div>
              <label htmlFor={ids.progress} className={s.status}>
                {m.details_image_progress({ label })}
              </label>
              <progress id={ids.progress} className={s.progress} max={100} value={Math.round(chosen.progress * 100)} />
            </div>
          ) : null}
          <div className={s.pickerActions}>
            <Button
              id={id}
              variant="secondary"
              disabled={busy}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              onClick={() => input.current?.click()}
            >
              {chosen || onFile ? m.details_image_replace() : m.details_image_choose()} <VisuallyHidden>{label}</VisuallyHidden>
            </Button>
            {(chosen && chosen.status !== 'uploading') || slot.refused ? (
              <Button variant="quiet" disabled={busy} onClick={() => images.remove(kind)}>
                {m.details_image_remove()} <VisuallyHidden>{label}</VisuallyHidden>
              </Button>
            ) : null}
            {!chosen && !slot.refused && onFile && removal?.can && !removal.status ? (
              <Button variant="quiet" disabled={busy} onClick={() => removal.send({ type: 'wizard.removeImage', kind })}>
                {m.details_image_removeOnFile()} <VisuallyHidden>{label}</VisuallyHidden>
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {removal ? <RemovalConfirm id={ids.confirm} buttonId={id} label={label} removal={removal} /> : null}
      {/* Never shown nor focused (the button above opens it); it keeps its label for assistive tools that look. */}
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={UPLOAD_ACCEPT}
        className={visuallyHidden}
        tabIndex={-1}
        aria-hidden="true"
        disabled={busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared at once: the store holds the choice, and the same file can be chosen again later.
          event.currentTarget.value = '';
          if (file) images.choose(kind, file);
        }}
      />
    </div>
  );
}

/**
 * Confirming the removal of an image on file, in the card (no modal: nothing else of the step is hidden). The
 * question takes the focus when asked; after the answer the focus goes back to the card's button. A failed removal
 * says so (the image is still on file) and offers to try again.
 */
function RemovalConfirm({ id, buttonId, label, removal }: { id: string; buttonId: string; label: string; removal: OnFileRemoval }) {
  const question = useRef<HTMLParagraphElement>(null);
  const asked = removal.status !== null;
  const wasAsked = useRef(asked);
  useEffect(() => {
    if (asked && !wasAsked.current) question.current?.focus();
    if (!asked && wasAsked.current) document.getElementById(buttonId)?.focus();
    wasAsked.current = asked;
  }, [asked, buttonId]);
  if (!removal.status) return null;
  const failed = removal.status === 'failed';
  return (
    <div role="group" aria-labelledby={id} className={[s.removal, failed ? s.alert : undefined].filter(Boolean).join(' ')}>
      <p id={id} ref={question} tabIndex={-1} className={s.alertText} role={failed ? 'alert' : undefined}>
        {failed ? m.details_image_removeFailed({ label }) : m.details_image_confirmRemove({ label })}
      </p>
      <div className={s.pickerActions}>
        <Button variant="secondary" loading={removal.status === 'removing'} onClick={() => removal.send({ type: 'wizard.confirmRemoval' })}>
          {failed ? m.details_retry() : m.details_image_confirmRemoveYes()}
        </Button>
        <Button variant="quiet" disabled={removal.status === 'removing'} onClick={() => removal.send({ type: 'wizard.cancelRemoval' })}>
          {m.details_image_keep()}
        </Button>
      </div>
    </div>
  );
}
