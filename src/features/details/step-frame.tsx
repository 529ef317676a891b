/**
 * The frame of an editable step: the page (its heading is the step, the caption says where the worker is), the
 * step indicator, the error summary, a notice when the save or an upload failed (with a way to try again), the
 * fields, and Back / Next. Next validates the step and hands the machine what the form holds and which images
 * wait to be sent; the machine decides the rest (warning, save, upload, next step). Tab on Next advances (§2).
 */
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ChosenImages } from '../../actors/details-files.ts';
import type { PersonalDetails } from '#domain/api-schema.ts';
import type { EditableStep, FieldProblem, StepIndex, StepValues, UploadKind, WizardEvent } from '../../../machines/details-wizard.types.ts';
import type { StepListItem } from '../../../machines/details-wizard.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, type SummaryError } from '../../ui/error-summary.tsx';
import { Page } from '../../ui/page.tsx';
import { m } from '../../paraglide/messages.js';
import { stepImageErrors, useChosenImages } from './image-field.tsx';
import { StepFormProvider, type StepForm } from './step-form.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { imageLabel, errorText, fieldId, fieldLabel, imageId } from './texts.ts';
import * as s from './details.css.ts';
import { afterFirstPaint } from '../../prerender/after-first-paint.ts';

/** What the wizard hands every editable step (read from the machine's snapshot). */
export type StepContext = {
  index: EditableStep;
  details: PersonalDetails;
  /** The values kept for this step (typed earlier in this visit), or null: start from the loaded file. */
  initial: StepValues | null;
  /** Its fields show their errors (§4: a Next was tried or the step was left). */
  submitted: boolean;
  problems: readonly FieldProblem[];
  busy: boolean;
  failure: 'save' | 'upload' | null;
  canGoBack: boolean;
  returnsToReview: boolean;
  /** The gender chosen on step 2 (skirt size only for f). */
  gender: string;
  images: ChosenImages;
  /** The step list: where the worker may go from here (the machine decides). */
  steps: readonly StepListItem[];
  /** The images on file of this step the worker may remove now, and the removal under way. */
  removable: readonly UploadKind[];
  removal: { kind: UploadKind; status: 'confirming' | 'removing' | 'failed' } | null;
  send: (event: WizardEvent) => void;
};

export const STEP_TITLE: Record<1 | 2 | 3 | 4 | 5, () => string> = {
  1: m.details_step_contactInfo,
  2: m.details_step_legal,
  3: m.details_step_generalInfo,
  4: m.details_step_pictures,
  5: m.details_step_final,
};

export function StepFrame({
  ctx,
  form,
  imageKinds = [],
  toSend,
  children,
}: {
  ctx: StepContext;
  form: StepForm;
  imageKinds?: readonly UploadKind[];
  /** The values Next sends (hidden fields left out). */
  toSend: () => StepValues;
  children: ReactNode;
}) {
  const [attempts, setAttempts] = useState(0);
  const chosen = useChosenImages(ctx.images);
  const { newAccount, images: onFile } = ctx.details;
  const imageState = stepImageErrors(imageKinds, chosen, onFile, newAccount, ctx.submitted);

  /** Whether the step may advance (its fields and its images), counting a failed try for the error summary. */
  const checkStep = async () => {
    const fieldsValid = await form.check();
    const images = stepImageErrors(imageKinds, ctx.images.getSnapshot(), onFile, newAccount, true);
    const valid = fieldsValid && !images.blocking;
    if (!valid) setAttempts((n) => n + 1);
    return valid;
  };
  // Changes not saved: typed, or images chosen and not sent (leaving the step then drops it from the complete ones).
  const dirty = () => form.dirty() || ctx.images.toUpload(imageKinds).length > 0;
  // Next answers in the tap's frame: the button shows busy at once; the step is checked and handed to the machine once
  // that frame has painted (docs/decisions/223-tap-answered-first.md). The machine decides the rest as before.
  const [pressed, setPressed] = useState(false);
  const goNext = () => {
    if (ctx.busy || pressed) return;
    setPressed(true);
    afterFirstPaint(() => {
      void checkStep()
        .then((valid) => ctx.send({ type: 'wizard.next', valid, values: toSend(), files: ctx.images.toUpload(imageKinds) }))
        .finally(() => setPressed(false));
    });
  };
  const goBack = () => ctx.send({ type: 'wizard.back', values: form.input(), dirty: dirty() });
  // A step of the list: back sends what the form holds (as Back); forward what Next would send, checked first.
  const goTo = async (step: StepIndex) => {
    if (ctx.busy) return;
    if (step < ctx.index) ctx.send({ type: 'wizard.goTo', step, valid: true, values: form.input(), files: [], dirty: dirty() });
    else ctx.send({ type: 'wizard.goTo', step, valid: await checkStep(), values: toSend(), files: ctx.images.toUpload(imageKinds), dirty: dirty() });
  };
  const tabAdvances = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || ctx.busy) return;
    event.preventDefault();
    goNext();
  };

  // The summary: after a Next was tried here, or when the server refused fields (GOV.UK: on submit, not on typing).
  const summary: SummaryError[] =
    ctx.submitted && (attempts > 0 || ctx.failure === 'save')
      ? [
          ...form.errors().map((e) => ({ fieldId: fieldId(e.path), label: fieldLabel(e.path), message: errorText(e.message) })),
          ...imageKinds.flatMap((kind) => {
            const message = imageState.errors[kind];
            return message ? [{ fieldId: imageId(kind), label: imageLabel(kind), message }] : [];
          }),
        ]
      : [];
  const failedImages = imageKinds.filter((kind) => chosen[kind]?.image?.status === 'failed');

  return (
    <Page title={STEP_TITLE[ctx.index]()} hasErrors={summary.length > 0}>
      <p className={s.caption}>{m.details_caption({ current: ctx.index, total: 5 })}</p>
      <StepIndicator steps={ctx.steps} onGo={(step) => void goTo(step)} busy={ctx.busy} />
      <ErrorSummary errors={summary} focusKey={attempts} />
      {ctx.failure ? (
        <div role="alert" className={s.alert}>
          <p className={s.alertText}>{ctx.failure === 'save' ? m.details_saveFailed() : m.details_uploadFailed()}</p>
          {failedImages.length > 0 ? (
            <ul className={s.alertList}>
              {failedImages.map((kind) => (
                <li key={kind}>{m.details_summaryItem({ label: imageLabel(kind), message: chosen[kind]?.image?.failure || m.error_generic() })}</li>
              ))}
            </ul>
          ) : null}
          <Button variant="secondary" onClick={goNext} loading={ctx.busy || pressed}>
            {m.details_retry()}
          </Button>
        </div>
      ) : null}
      <StepFormProvider value={form}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            goNext();
          }}
        >
          <fieldset disabled={ctx.busy} className={s.fieldset}>
            {children}
          </fieldset>
          <div className={s.actions}>
            {ctx.canGoBack ? (
              <Button variant="secondary" onClick={goBack} disabled={ctx.busy}>
                {m.details_back()}
              </Button>
            ) : null}
            <Button type="submit" loading={ctx.busy || pressed} onKeyDown={tabAdvances}>
              {ctx.returnsToReview ? m.details_saveAndReturn() : m.details_next()}
            </Button>
          </div>
        </form>
      </StepFormProvider>
    </Page>
  );
}
