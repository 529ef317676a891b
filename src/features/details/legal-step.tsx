/**
 * Step 2, legal: statute (new accounts only), gender, birth, nationality, the ID card (number, expiry, front and
 * back images), the registry number (disabled for an existing account), family (spouse fields only when married,
 * §5) and the bank account (IBAN and BIC shown formatted).
 */
import { IMAGE_FIELDS } from '../../domain/enums.ts';
import { useMemo } from 'react';
import { getInput } from '@formisch/react';
import { legalSchema } from '../../domain/details-forms.ts';
import { formatIban, formatRegistryNumber, compactCode } from '../../domain/belgian.ts';
import { m } from '../../paraglide/messages.js';
import { TextField } from '../../ui/field.tsx';
import { DateInput, Group, SelectInput, TextInput } from './fields.tsx';
import { ImageInput, stepImageErrors, useChosenImages } from './image-field.tsx';
import {
  birthCountryOptions,
  civilStatusOptions,
  dependantOptions,
  genderOptions,
  nationalityOptions,
  spouseOccupationOptions,
  statuteOptions,
} from './options.ts';
import { useStepForm } from './step-form.tsx';
import { StepFrame, type StepContext } from './step-frame.tsx';
import { brusselsToday } from '../../domain/period.ts';
import { isMarried, legalInput, legalToSend, type LegalForm } from './step-input.ts';
import { fieldId } from './texts.ts';
import * as s from './details.css.ts';

const ID_IMAGES = ['id-front', 'id-back'] as const;

export function LegalStep({ ctx }: { ctx: StepContext }) {
  const { newAccount } = ctx.details;
  const schema = useMemo(() => legalSchema({ newAccount, today: brusselsToday() }), [newAccount]);
  const form = useStepForm(schema, ctx.initial ?? legalInput(ctx.details), { step: 2, submitted: ctx.submitted, problems: ctx.problems });
  const married = isMarried(String(getInput(form.form, { path: ['civilStatus'] } as never) ?? ''));
  const images = stepImageErrors(ID_IMAGES, useChosenImages(ctx.images), ctx.details.images, newAccount, ctx.submitted);
  const storedRegistry = ctx.details.legalInformation.registryNumber ?? '';

  return (
    <StepFrame ctx={ctx} form={form} imageKinds={ID_IMAGES} toSend={() => legalToSend(form.input() as LegalForm, newAccount)}>
      {newAccount ? <SelectInput path={['statute']} label={m.details_legal_statute()} options={statuteOptions()} /> : null}
      <SelectInput path={['sex']} label={m.details_legal_sex()} options={genderOptions()} />
      <Group legend={m.details_birth()}>
        <DateInput path={['birthDate']} label={m.details_legal_birthDate()} autoComplete="bday" />
        <TextInput path={['birthPlace']} label={m.details_legal_birthPlace()} />
        <SelectInput path={['birthCountry']} label={m.details_legal_birthCountry()} options={birthCountryOptions()} />
        <SelectInput path={['nationality']} label={m.details_legal_nationality()} options={nationalityOptions()} />
      </Group>
      <Group legend={m.details_idCard()}>
        <TextInput path={['idNumber']} label={m.details_legal_idNumber()} spellCheck={false} />
        <DateInput path={['idExpiration']} label={m.details_legal_idExpiration()} />
        {newAccount ? (
          <TextInput
            path={['registryNumber']}
            label={m.details_legal_registryNumber()}
            hint={m.details_legal_registryNumberHint()}
            inputMode="numeric"
            spellCheck={false}
            format={formatRegistryNumber}
          />
        ) : (
          <TextField
            id={fieldId(['registryNumber'])}
            label={m.details_legal_registryNumber()}
            hint={m.details_legal_registryNumberLocked()}
            value={formatRegistryNumber(storedRegistry)}
            disabled
            readOnly
          />
        )}
        {ID_IMAGES.map((kind) => (
          <ImageInput key={kind} kind={kind} images={ctx.images} onFile={ctx.details.images[IMAGE_FIELDS[kind]]} error={images.errors[kind]} optional={false} busy={ctx.busy} />
        ))}
      </Group>
      <Group legend={m.details_family()}>
        <SelectInput path={['civilStatus']} label={m.details_legal_civilStatus()} options={civilStatusOptions()} />
        {married ? (
          <>
            <DateInput path={['marriageDate']} label={m.details_legal_marriageDate()} />
            <TextInput path={['spouseName']} label={m.details_legal_spouseName()} />
            <DateInput path={['spouseBirthDate']} label={m.details_legal_spouseBirthDate()} />
            <SelectInput path={['spouseOccupation']} label={m.details_legal_spouseOccupation()} options={spouseOccupationOptions()} />
          </>
        ) : null}
        <div className={s.row}>
          <SelectInput path={['adultDependants']} label={m.details_legal_adultDependants()} hint={m.details_dependantsHint()} options={dependantOptions()} />
          <SelectInput path={['childDependants']} label={m.details_legal_childDependants()} hint={m.details_dependantsHint()} options={dependantOptions()} />
        </div>
      </Group>
      <Group legend={m.details_payment()}>
        <TextInput path={['iban']} label={m.details_legal_iban()} hint={m.details_legal_ibanHint()} spellCheck={false} autoComplete="off" format={formatIban} />
        <TextInput path={['bic']} label={m.details_legal_bic()} hint={m.details_legal_bicHint()} spellCheck={false} autoComplete="off" format={compactCode} />
      </Group>
    </StepFrame>
  );
}
