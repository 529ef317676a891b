/**
 * Step 5 (final): every answer of every step, checked before the file is sent (GOV.UK "check answers"). Each
 * section has a Change button whose hidden text names the section; Continue on that step comes back here. The
 * images show as on file, or missing. Submit sends step 5; the machine then refreshes the session and goes home.
 */
import type { ChosenImages } from '../../actors/details-files.ts';
import type { PersonalDetails } from '#domain/api-schema.ts';
import type { StepInput } from '#domain/details-fields.ts';
import { kindOfImage, missingImages, STEP_IMAGES } from '#domain/details-images.ts';
import { DETAILS_STEPS } from '#domain/details-steps/steps.ts';
import { aboutOf, formInput, formPathOf } from '#domain/details-values.ts';
import { IMAGE_FIELDS } from '#domain/enums.ts';
import type { EditableStep, FieldProblem, StepName, StepValues, UploadKind, WizardEvent } from '../../../machines/details-wizard.types.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { m } from '../../paraglide/messages.js';
import { useChosenImages, useOnFileUrl } from './image-field.tsx';
import { stepRows, type Row } from './review-rows.ts';
import { STEP_TITLE } from './step-frame.tsx';
import { StepIndicator } from './step-indicator.tsx';
import type { StepListItem } from '../../../machines/details-wizard.selectors.ts';
import { imageLabel, fieldLabel } from './texts.ts';
import * as s from './details.css.ts';

/** An image of the file: on file (with its thumbnail: the one sent in this visit, or read from the server) or not. */
function ReviewImage({
  kind,
  stored,
  required,
  preview,
  store,
}: {
  kind: UploadKind;
  stored: boolean;
  required: boolean;
  preview: string | null;
  store: ChosenImages;
}) {
  const onFileUrl = useOnFileUrl(store, kind, stored && !preview);
  const thumbnail = stored ? (preview ?? onFileUrl) : null;
  return (
    <div className={s.reviewRow}>
      <dt className={s.reviewKey}>{imageLabel(kind)}</dt>
      <dd className={[s.reviewValue, stored ? undefined : s.muted].filter(Boolean).join(' ')}>
        {stored ? m.details_review_onFile() : required ? m.details_review_missing() : m.details_review_notProvided()}
        {thumbnail ? (
          <>
            <br />
            <img className={s.preview} src={thumbnail} alt={m.details_image_onFilePreview({ label: imageLabel(kind) })} />
          </>
        ) : null}
      </dd>
    </div>
  );
}

function Section({
  step,
  rows,
  images,
  onFile,
  required,
  chosen,
  store,
  busy,
  send,
}: {
  step: EditableStep;
  rows: Row[];
  images: readonly UploadKind[];
  onFile: PersonalDetails['images'];
  required: ReadonlySet<UploadKind>;
  chosen: ReturnType<typeof useChosenImages>;
  store: ChosenImages;
  busy: boolean;
  send: (event: WizardEvent) => void;
}) {
  const title = STEP_TITLE[step]();
  const headingId = `details-review-${step}`;
  return (
    <section className={s.reviewSection} aria-labelledby={headingId}>
      <div className={s.reviewHead}>
        <h2 id={headingId} className={s.reviewTitle}>
          {title}
        </h2>
        <Button variant="quiet" disabled={busy} onClick={() => send({ type: 'wizard.edit', step })}>
          {m.details_review_change()} <VisuallyHidden>{m.details_review_changeHidden({ step: title })}</VisuallyHidden>
        </Button>
      </div>
      <dl className={s.reviewList}>
        {rows.map((row) => (
          <div key={row.label} className={s.reviewRow}>
            <dt className={s.reviewKey}>{row.label}</dt>
            <dd className={[s.reviewValue, row.value === null ? s.muted : undefined].filter(Boolean).join(' ')}>
              {row.value ?? m.details_review_notProvided()}
            </dd>
          </div>
        ))}
        {images.map((kind) => (
          <ReviewImage
            key={kind}
            kind={kind}
            stored={onFile[IMAGE_FIELDS[kind]]}
            required={required.has(kind)}
            preview={chosen[kind]?.image?.previewUrl ?? null}
            store={store}
          />
        ))}
      </dl>
    </section>
  );
}

/** A refusal of the submit, named: an image, a step, or a field. */
function problemText(problem: FieldProblem): string {
  const image = /^images\[(\w+)\]$/.exec(problem.path)?.[1];
  const kind = image === undefined ? undefined : kindOfImage(image);
  const step = DETAILS_STEPS.find((described) => described.name === problem.path);
  const path = DETAILS_STEPS.map((described) => formPathOf(described, problem.path)).find((found) => found !== null);
  const label = kind ? imageLabel(kind) : step ? STEP_TITLE[step.index]() : fieldLabel(path ?? [problem.path]);
  return m.details_summaryItem({ label, message: problem.message });
}

export function ReviewStep({
  details,
  values,
  gender,
  images,
  busy,
  failed,
  problems,
  canRetry,
  steps,
  send,
}: {
  details: PersonalDetails;
  values: Partial<Record<StepName, StepValues>>;
  gender: string;
  images: ChosenImages;
  busy: boolean;
  failed: boolean;
  problems: readonly FieldProblem[];
  canRetry: boolean;
  steps: readonly StepListItem[];
  send: (event: WizardEvent) => void;
}) {
  const chosen = useChosenImages(images);
  // What §5 still asks for: "missing" rather than "not provided".
  const required = new Set(missingImages(details.images, {}, details.newAccount).flatMap((missing) => kindOfImage(missing.field) ?? []));
  const common = { onFile: details.images, required, chosen, store: images, busy, send };
  const about = { ...aboutOf(details), gender };
  // A step edited in this visit shows what the form held; the others what is on file.
  const answers = (name: StepName, file: StepInput): StepInput => ({ ...file, ...(values[name] as StepInput | undefined) });

  return (
    <Page title={STEP_TITLE[5]()}>
      <p className={s.caption}>{m.details_caption({ current: 5, total: 5 })}</p>
      <StepIndicator steps={steps} busy={busy} onGo={(step) => send({ type: 'wizard.goTo', step, valid: true, values: {}, files: [], dirty: false })} />
      <p>{m.details_review_intro()}</p>
      {failed ? (
        <div role="alert" className={s.alert}>
          <p className={s.alertText}>{m.details_submitFailed()}</p>
          {problems.length > 0 ? (
            <ul className={s.alertList}>
              {problems.map((problem) => (
                <li key={problem.path}>{problemText(problem)}</li>
              ))}
            </ul>
          ) : null}
          {canRetry ? (
            <Button variant="secondary" onClick={() => send({ type: 'wizard.retry' })}>
              {m.details_retry()}
            </Button>
          ) : null}
        </div>
      ) : null}
      {DETAILS_STEPS.map((step) => (
        <Section
          key={step.index}
          step={step.index}
          rows={stepRows(step, answers(step.name, formInput(step, details)), about)}
          images={STEP_IMAGES[step.index]}
          {...common}
        />
      ))}
      <Section step={4} rows={[]} images={STEP_IMAGES[4]} {...common} />
      <div className={s.actions}>
        <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'wizard.back' })}>
          {m.details_back()}
        </Button>
        <Button loading={busy} onClick={() => send({ type: 'wizard.submit' })}>
          {m.details_review_submit()}
        </Button>
      </div>
    </Page>
  );
}
