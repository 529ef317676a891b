/** Step 1, contactInfo: name, mobile, e-mail, main address (required) and a secondary address (optional). */
import { contactInfoSchema } from '../../domain/details-forms.ts';
import { m } from '../../paraglide/messages.js';
import { Group, SelectInput, TextInput } from './fields.tsx';
import { addressCountryOptions } from './options.ts';
import { useStepForm } from './step-form.tsx';
import { StepFrame, type StepContext } from './step-frame.tsx';
import { contactInput, type ContactForm } from './step-input.ts';
import * as s from './details.css.ts';

function AddressFields({ name, autoComplete }: { name: 'mainAddress' | 'secondaryAddress'; autoComplete: boolean }) {
  const section = autoComplete ? '' : 'section-secondary ';
  const optional = name === 'secondaryAddress';
  return (
    <>
      <div className={s.row}>
        <TextInput path={[name, 'street']} label={m.details_address_street()} optional={optional} autoComplete={`${section}address-line1`} />
        <TextInput path={[name, 'number']} label={m.details_address_number()} optional={optional} autoComplete={`${section}address-line2`} />
      </div>
      <div className={s.row}>
        <TextInput path={[name, 'zip']} label={m.details_address_zip()} optional={optional} autoComplete={`${section}postal-code`} inputMode="numeric" />
        <TextInput path={[name, 'city']} label={m.details_address_city()} optional={optional} autoComplete={`${section}address-level2`} />
      </div>
      <SelectInput path={[name, 'country']} label={m.details_address_country()} options={addressCountryOptions()} />
    </>
  );
}

export function ContactStep({ ctx }: { ctx: StepContext }) {
  const form = useStepForm(contactInfoSchema, ctx.initial ?? contactInput(ctx.details), { step: 1, submitted: ctx.submitted, problems: ctx.problems });
  return (
    <StepFrame ctx={ctx} form={form} toSend={() => form.input() as ContactForm}>
      <div className={s.row}>
        <TextInput path={['firstName']} label={m.details_contact_firstName()} autoComplete="given-name" />
        <TextInput path={['lastName']} label={m.details_contact_lastName()} autoComplete="family-name" />
      </div>
      <TextInput path={['mobile']} label={m.details_contact_mobile()} hint={m.details_contact_mobileHint()} type="tel" autoComplete="tel" />
      <TextInput path={['email']} label={m.details_contact_email()} type="email" autoComplete="email" spellCheck={false} />
      <Group legend={m.details_mainAddress()}>
        <AddressFields name="mainAddress" autoComplete />
      </Group>
      <Group legend={m.details_secondaryAddress()} hint={m.details_secondaryAddressHint()}>
        <AddressFields name="secondaryAddress" autoComplete={false} />
      </Group>
    </StepFrame>
  );
}
