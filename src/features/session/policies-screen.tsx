/**
 * The policies (spec §2, §5 rule 2): the privacy policy and the labour regulations as PDFs in the interface
 * language (shipped in public/policies/, scripts/generate-policies.ts), two required checkboxes. Agreeing saves
 * both (POST /user/me/update-policies), tells the session (`session.policiesAgreed`: the info is read again) and
 * moves on as the gate then allows: to the details file while it is empty.
 */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Field, useForm } from '@formisch/react';
import { useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import { isBusy, isPending, landingAfterPolicies } from '../../../machines/session.selectors.ts';
import { policiesForm } from '../../domain/auth-forms.ts';
import { policyPdfPath } from '../../domain/policies.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionActor } from '../../router-context.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Page } from '../../ui/page.tsx';
import * as f from '../../ui/form.css.ts';
import { checkboxProps, errorOf, useValidatedSubmit } from '../../ui/form-kit.tsx';

const IDS = { agreedWithGdprPolicy: 'policies-privacy', agreedToLabourRegulations: 'policies-labour' } as const;

export function PoliciesScreen({ session, agree }: { session: SessionActor; agree: () => Promise<unknown> }) {
  const locale = useLocale();
  const navigate = useNavigate();
  const sessionBusy = useSelector(session, isBusy);
  const [saving, setSaving] = useState(false);
  const form = useForm({ schema: policiesForm, initialInput: { agreedWithGdprPolicy: false, agreedToLabourRegulations: false } });
  const { onSubmit, attempts, errors } = useValidatedSubmit(form, IDS, async () => {
    setSaving(true);
    try {
      await agree();
    } catch {
      // The API layer has told the worker (§8); a 401 has signed them out already.
      setSaving(false);
      return;
    }
    session.send({ type: 'session.policiesAgreed' });
    const landing = landingAfterPolicies(await waitFor(session, (snapshot) => !isPending(snapshot)));
    setSaving(false);
    if (landing) void navigate({ to: landing });
  });

  return (
    <Page title={m.policies_title()} hasErrors={errors.length > 0}>
      <ErrorSummary errors={errors} focusKey={attempts} />
      <p className={f.intro}>{m.policies_intro()}</p>
      <h2>{m.policies_documents()}</h2>
      <ul className={f.linkList}>
        <li>
          <a href={policyPdfPath('privacy-policy', locale)} hrefLang={locale} type="application/pdf">
            {m.policies_privacyLink()}
          </a>
        </li>
        <li>
          <a href={policyPdfPath('labour-regulations', locale)} hrefLang={locale} type="application/pdf">
            {m.policies_labourLink()}
          </a>
        </li>
      </ul>
      <form noValidate onSubmit={onSubmit} className={f.form}>
        <Field of={form} path={['agreedWithGdprPolicy']}>
          {(field) => <Checkbox {...checkboxProps(field)} id={IDS.agreedWithGdprPolicy} label={m.policies_agreePrivacy()} error={errorOf(field.errors)} />}
        </Field>
        <Field of={form} path={['agreedToLabourRegulations']}>
          {(field) => <Checkbox {...checkboxProps(field)} id={IDS.agreedToLabourRegulations} label={m.policies_agreeLabour()} error={errorOf(field.errors)} />}
        </Field>
        <div className={f.actions}>
          <Button type="submit" loading={saving || sessionBusy}>
            {m.policies_submit()}
          </Button>
        </div>
      </form>
    </Page>
  );
}
