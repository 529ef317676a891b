/**
 * Step 3, generalInfo: appearance, sizes (skirt size only for gender f, §5), suit colours (several), mobility
 * (licence, car; the car's description and plate only with a car), the nine language levels, and the driving
 * licence images (optional).
 */
import { IMAGE_FIELDS } from '../../domain/enums.ts';
import { getInput } from '@formisch/react';
import { generalInfoSchema } from '../../domain/details-forms.ts';
import { m } from '../../paraglide/messages.js';
import { decimalForApi } from '../../domain/decimal-text.ts';
import { CheckboxGroup, DecimalInput, Group, SelectInput, TextInput } from './fields.tsx';
import { ImageInput, onFileRemoval, stepImageErrors, useChosenImages } from './image-field.tsx';
import {
  carLicenseOptions,
  carOptions,
  hairColourOptions,
  hairLengthOptions,
  jacketSizeOptions,
  languageLevelOptions,
  languageNames,
  looksOptions,
  skirtSizeOptions,
  suitColourOptions,
} from './options.ts';
import { useStepForm } from './step-form.tsx';
import { StepFrame, type StepContext } from './step-frame.tsx';
import { generalInput, generalToSend, type GeneralForm } from './step-input.ts';
import * as s from './details.css.ts';

const DRIVING_IMAGES = ['driving-front', 'driving-back'] as const;

/** What step 3 sends: the shoe size, the one decimal field of the wizard, as a number ("39.5", not "39,5"). */
function toSend(input: GeneralForm, gender: string): GeneralForm {
  const out = generalToSend(input, gender);
  return { ...out, shoeSize: decimalForApi(out.shoeSize) };
}

export function GeneralStep({ ctx }: { ctx: StepContext }) {
  const form = useStepForm(generalInfoSchema, ctx.initial ?? generalInput(ctx.details), { step: 3, submitted: ctx.submitted, problems: ctx.problems });
  const hasCar = String(getInput(form.form, { path: ['car'] } as never)) === 'oui';
  const images = stepImageErrors(DRIVING_IMAGES, useChosenImages(ctx.images), ctx.details.images, ctx.details.newAccount, ctx.submitted);

  return (
    <StepFrame ctx={ctx} form={form} imageKinds={DRIVING_IMAGES} toSend={() => toSend(form.input() as GeneralForm, ctx.gender)}>
      <Group legend={m.details_appearance()}>
        <SelectInput path={['looks']} label={m.details_general_looks()} options={looksOptions()} />
        <div className={s.row}>
          <SelectInput path={['hairColour']} label={m.details_general_hairColour()} options={hairColourOptions()} />
          <SelectInput path={['hairLength']} label={m.details_general_hairLength()} options={hairLengthOptions()} />
        </div>
      </Group>
      <Group legend={m.details_sizes()}>
        <div className={s.row}>
          <TextInput path={['length']} label={m.details_general_length()} inputMode="numeric" />
          <DecimalInput path={['shoeSize']} label={m.details_general_shoeSize()} hint={m.details_general_shoeSizeHint()} />
        </div>
        <div className={s.row}>
          <TextInput path={['pantsWidth']} label={m.details_general_pantsWidth()} hint={m.details_general_pantsHint()} inputMode="numeric" />
          <TextInput path={['pantsLength']} label={m.details_general_pantsLength()} hint={m.details_general_pantsHint()} inputMode="numeric" />
        </div>
        <div className={s.row}>
          <SelectInput path={['jacketSize']} label={m.details_general_jacketSize()} optional options={jacketSizeOptions()} placeholder={m.details_notSpecified()} />
          {ctx.gender === 'f' ? (
            <SelectInput path={['skirtSize']} label={m.details_general_skirtSize()} optional options={skirtSizeOptions()} placeholder={m.details_notSpecified()} />
          ) : null}
        </div>
        <CheckboxGroup path={['suitColours']} label={m.details_general_suitColours()} options={suitColourOptions()} />
      </Group>
      <Group legend={m.details_mobility()}>
        <div className={s.row}>
          <SelectInput path={['carLicense']} label={m.details_general_carLicense()} options={carLicenseOptions()} />
          <SelectInput path={['car']} label={m.details_general_car()} options={carOptions()} />
        </div>
        {hasCar ? (
          <div className={s.row}>
            <TextInput path={['carDescription']} label={m.details_general_carDescription()} optional />
            <TextInput path={['carPlate']} label={m.details_general_carPlate()} optional spellCheck={false} />
          </div>
        ) : null}
        {DRIVING_IMAGES.map((kind) => (
          <ImageInput key={kind} kind={kind} images={ctx.images} onFile={ctx.details.images[IMAGE_FIELDS[kind]]} error={images.errors[kind]} optional busy={ctx.busy} removal={onFileRemoval(ctx, kind)} />
        ))}
      </Group>
      <Group legend={m.details_languages()} hint={m.details_languagesHint()}>
        <div className={s.row}>
          {languageNames().map(({ language, label }) => (
            <SelectInput key={language} path={['languages', language]} label={label} options={languageLevelOptions()} />
          ))}
        </div>
      </Group>
    </StepFrame>
  );
}
