/** Step 1, contactInfo: name, mobile, e-mail, the main address (required) and a secondary one (optional). */
import type { PersonalDetails } from '../api-schema.ts';
import { emailField, requiredText } from '../auth-forms.ts';
import { fieldsOf, row, type StepDescription } from '../details-fields.ts';
import { phone } from '../details-rules.ts';

const f = fieldsOf<PersonalDetails>();

export const contactInfo: StepDescription = {
  index: 1,
  name: 'contactInfo',
  group: null,
  blocks: [
    row(
      f.text('firstName', { label: 'details_contact_firstName', rule: requiredText(100), input: { autoComplete: 'given-name' } }),
      f.text('lastName', { label: 'details_contact_lastName', rule: requiredText(100), input: { autoComplete: 'family-name' } }),
    ),
    f.text('mobile', { label: 'details_contact_mobile', hint: 'details_contact_mobileHint', rule: phone, input: { type: 'tel', autoComplete: 'tel' } }),
    f.text('email', { label: 'details_contact_email', rule: emailField, input: { type: 'email', autoComplete: 'email', spellCheck: false } }),
    f.address('mainAddress', { label: 'details_mainAddress', required: true }),
    f.address('secondaryAddress', {
      label: 'details_secondaryAddress',
      hint: 'details_secondaryAddressHint',
      required: false,
      optional: true,
      autoCompleteSection: 'section-secondary',
    }),
  ],
};
