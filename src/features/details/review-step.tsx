/**
 * Step 5 (final): every answer of every step, checked before the file is sent (GOV.UK "check answers"). Each
 * section has a Change button whose hidden text names the section; Continue on that step comes back here. The
 * images show as on file, or missing. Submit sends step 5; the machine then refreshes the session and goes home.
 */
import { IMAGE_FIELDS } from '../../domain/enums.ts';
import type { ChosenImages } from '../../actors/details-files.ts';
import type { PersonalDetails } from '../../api/schema.ts';
import { formatIban, formatRegistryNumber } from '../../domain/belgian.ts';
import { decimalForLocale } from '../../domain/decimal-text.ts';
import { STEP_UPLOADS, type EditableStep, type FieldProblem, type StepName, type StepValues, type UploadKind, type WizardEvent } from '../../../machines/details-wizard.machine.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { m } from '../../paraglide/messages.js';
import { getLocale } from '../../paraglide/runtime.js';
import { useChosenImages, useOnFileUrl } from './image-field.tsx';
import {
  CAR,
  CIVIL_STATUS,
  GENDER,
  HAIR_COLOUR,
  HAIR_LENGTH,
  LANGUAGE_LEVEL,
  LOOKS,
  NATIONALITY,
  SPOUSE_OCCUPATION,
  STATUTE,
  SUIT_COLOUR,
  carLicenseLabel,
  countryName,
  labelOf,
  languageNames,
} from './options.ts';
import { STEP_TITLE } from './step-frame.tsx';
import { StepIndicator } from './step-indicator.tsx';
import type { StepListItem } from '../../../machines/details-wizard.selectors.ts';
import { contactInput, generalInput, isMarried, legalInput, type ContactForm, type GeneralForm, type LegalForm } from './step-input.ts';
import { IMAGE_LABEL, fieldLabel } from './texts.ts';
import * as s from './details.css.ts';

type Row = { label: string; value: string | null };

const date = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Intl.DateTimeFormat(getLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)) : iso;
const orNull = (value: string) => (value.trim() === '' ? null : value);

function addressText(a: ContactForm['mainAddress']): string | null {
  if (![a.street, a.number, a.zip, a.city].some((part) => part.trim() !== '')) return null;
  return `${a.street} ${a.number}, ${a.zip} ${a.city}, ${countryName(a.country)}`;
}

function contactRows(c: ContactForm): Row[] {
  return [
    { label: fieldLabel(['firstName']), value: orNull(c.firstName) },
    { label: fieldLabel(['lastName']), value: orNull(c.lastName) },
    { label: fieldLabel(['mobile']), value: orNull(c.mobile) },
    { label: fieldLabel(['email']), value: orNull(c.email) },
    { label: m.details_mainAddress(), value: addressText(c.mainAddress) },
    { label: m.details_secondaryAddress(), value: addressText(c.secondaryAddress) },
  ];
}

function legalRows(l: LegalForm, d: PersonalDetails): Row[] {
  const registry = d.newAccount ? l.registryNumber : (d.legalInformation.registryNumber ?? '');
  return [
    ...(d.newAccount ? [{ label: fieldLabel(['statute']), value: orNull(labelOf(STATUTE, l.statute)) }] : []),
    { label: fieldLabel(['sex']), value: orNull(labelOf(GENDER, l.sex)) },
    { label: fieldLabel(['birthDate']), value: orNull(date(l.birthDate)) },
    { label: fieldLabel(['birthPlace']), value: orNull(l.birthPlace) },
    { label: fieldLabel(['birthCountry']), value: l.birthCountry ? countryName(l.birthCountry) : null },
    { label: fieldLabel(['nationality']), value: orNull(labelOf(NATIONALITY, l.nationality)) },
    { label: fieldLabel(['idNumber']), value: orNull(l.idNumber) },
    { label: fieldLabel(['idExpiration']), value: orNull(date(l.idExpiration)) },
    { label: fieldLabel(['registryNumber']), value: orNull(formatRegistryNumber(registry)) },
    { label: fieldLabel(['civilStatus']), value: orNull(labelOf(CIVIL_STATUS, l.civilStatus)) },
    ...(isMarried(l.civilStatus)
      ? [
          { label: fieldLabel(['marriageDate']), value: orNull(date(l.marriageDate)) },
          { label: fieldLabel(['spouseName']), value: orNull(l.spouseName) },
          { label: fieldLabel(['spouseBirthDate']), value: orNull(date(l.spouseBirthDate)) },
          { label: fieldLabel(['spouseOccupation']), value: orNull(labelOf(SPOUSE_OCCUPATION, l.spouseOccupation)) },
        ]
      : []),
    { label: fieldLabel(['adultDependants']), value: orNull(l.adultDependants) },
    { label: fieldLabel(['childDependants']), value: orNull(l.childDependants) },
    { label: fieldLabel(['iban']), value: orNull(formatIban(l.iban)) },
    { label: fieldLabel(['bic']), value: orNull(l.bic.toUpperCase()) },
  ];
}

function generalRows(g: GeneralForm, gender: string): Row[] {
  return [
    { label: fieldLabel(['looks']), value: orNull(labelOf(LOOKS, g.looks)) },
    { label: fieldLabel(['hairColour']), value: orNull(labelOf(HAIR_COLOUR, g.hairColour)) },
    { label: fieldLabel(['hairLength']), value: orNull(labelOf(HAIR_LENGTH, g.hairLength)) },
    { label: fieldLabel(['length']), value: orNull(g.length) },
    { label: fieldLabel(['shoeSize']), value: orNull(decimalForLocale(g.shoeSize, getLocale())) },
    { label: fieldLabel(['pantsWidth']), value: orNull(g.pantsWidth) },
    { label: fieldLabel(['pantsLength']), value: orNull(g.pantsLength) },
    { label: fieldLabel(['jacketSize']), value: orNull(g.jacketSize) },
    ...(gender === 'f' ? [{ label: fieldLabel(['skirtSize']), value: orNull(g.skirtSize) }] : []),
    { label: fieldLabel(['suitColours']), value: orNull(g.suitColours.map((c) => labelOf(SUIT_COLOUR, c)).join(', ')) },
    { label: fieldLabel(['carLicense']), value: g.carLicense ? carLicenseLabel(g.carLicense) : null },
    { label: fieldLabel(['car']), value: orNull(labelOf(CAR, g.car)) },
    ...(g.car === 'oui'
      ? [
          { label: fieldLabel(['carDescription']), value: orNull(g.carDescription) },
          { label: fieldLabel(['carPlate']), value: orNull(g.carPlate) },
        ]
      : []),
    ...languageNames().map(({ language, label }) => ({ label, value: orNull(labelOf(LANGUAGE_LEVEL, g.languages[language] ?? '')) })),
  ];
}

/** An image of the file: on file (with its thumbnail: the one sent in this visit, or read from the server) or not. */
function ReviewImage({ kind, stored, required, preview, store }: { kind: UploadKind; stored: boolean; required: boolean; preview: string | null; store: ChosenImages }) {
  const onFileUrl = useOnFileUrl(store, kind, stored && !preview);
  const thumbnail = stored ? (preview ?? onFileUrl) : null;
  return (
    <div className={s.reviewRow}>
      <dt className={s.reviewKey}>{IMAGE_LABEL[kind]()}</dt>
      <dd className={[s.reviewValue, stored ? undefined : s.muted].filter(Boolean).join(' ')}>
        {stored ? m.details_review_onFile() : required ? m.details_review_missing() : m.details_review_notProvided()}
        {thumbnail ? (
          <>
            <br />
            <img className={s.preview} src={thumbnail} alt={m.details_image_onFilePreview({ label: IMAGE_LABEL[kind]() })} />
          </>
        ) : null}
      </dd>
    </div>
  );
}

function Section({ step, rows, images, onFile, required, chosen, store, busy, send }: {
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
          {m.details_review_change()}{' '}
          <VisuallyHidden>{m.details_review_changeHidden({ step: title })}</VisuallyHidden>
        </Button>
      </div>
      <dl className={s.reviewList}>
        {rows.map((row) => (
          <div key={row.label} className={s.reviewRow}>
            <dt className={s.reviewKey}>{row.label}</dt>
            <dd className={[s.reviewValue, row.value === null ? s.muted : undefined].filter(Boolean).join(' ')}>{row.value ?? m.details_review_notProvided()}</dd>
          </div>
        ))}
        {images.map((kind) => (
          <ReviewImage key={kind} kind={kind} stored={onFile[IMAGE_FIELDS[kind]]} required={required.has(kind)} preview={chosen[kind]?.image?.previewUrl ?? null} store={store} />
        ))}
      </dl>
    </section>
  );
}

/** A refusal of the submit, named: an image, a step, or a field. */
function problemText(problem: FieldProblem): string {
  const image = /^images\[(\w+)\]$/.exec(problem.path)?.[1];
  const kind = (Object.keys(IMAGE_FIELDS) as UploadKind[]).find((k) => IMAGE_FIELDS[k] === image);
  const step = ({ contactInfo: 1, legal: 2, generalInfo: 3 } as const)[problem.path as 'contactInfo' | 'legal' | 'generalInfo'];
  const label = kind ? IMAGE_LABEL[kind]() : step ? STEP_TITLE[step]() : fieldLabel(problem.path.match(/[^[\]]+/g)?.slice(-1) ?? [problem.path]);
  return m.details_summaryItem({ label, message: problem.message });
}

export function ReviewStep({ details, values, gender, images, busy, failed, problems, canRetry, steps, send }: {
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
  const contact = (values.contactInfo as ContactForm | undefined) ?? contactInput(details);
  const legal = { ...legalInput(details), ...(values.legal as Partial<LegalForm> | undefined) };
  const general = (values.generalInfo as GeneralForm | undefined) ?? generalInput(details);
  const required = new Set<UploadKind>(['id-front', 'id-back', ...(details.newAccount && !details.images.picture1 && !details.images.picture2 ? (['picture1'] as const) : [])]);
  const common = { onFile: details.images, required, chosen, store: images, busy, send };

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
      <Section step={1} rows={contactRows(contact)} images={STEP_UPLOADS[1]} {...common} />
      <Section step={2} rows={legalRows(legal, details)} images={STEP_UPLOADS[2]} {...common} />
      <Section step={3} rows={generalRows(general, gender)} images={STEP_UPLOADS[3]} {...common} />
      <Section step={4} rows={[]} images={STEP_UPLOADS[4]} {...common} />
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
