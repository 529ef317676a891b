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
import { isBusy, isPending, landingAfterPolicies, policiesAgreed, policiesAgreedAt } from '../../../machines/session.selectors.ts';
import { policiesForm } from '#domain/auth-forms.ts';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionActor } from '../../router-context.ts';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Page } from '../../ui/page.tsx';
import * as f from '../../ui/form.css.ts';
import { checkboxProps, errorOf, useValidatedSubmit } from '../../ui/form-kit.tsx';
import { PoliciesAccepted, PolicyDocuments } from './policies-accepted.tsx';

const IDS = { agreedWithGdprPolicy: 'policies-privacy', agreedToLabourRegulations: 'policies-labour' } as const;
/** The summary names the document (the checkboxes' own labels are whole sentences). */
const LABELS = { agreedWithGdprPolicy: m.policies_privacyName, agreedToLabourRegulations: m.policies_labourName };

export function PoliciesScreen({ session, agree }: { session: SessionActor; agree: () => Promise<unknown> }) {
  const locale = useLocale();
  const agreed = useSelector(session, policiesAgreed);
  const agreedAt = useSelector(session, policiesAgreedAt);
  // Already agreed (the worker came back to /policies): the read-only view; the form is for the first agreement.
  if (agreed) return <PoliciesAccepted agreedAt={agreedAt} locale={locale} />;
  return <PoliciesForm session={session} agree={agree} locale={locale} />;
}

function PoliciesForm({ session, agree, locale }: { session: SessionActor; agree: () => Promise<unknown>; locale: Locale }) {
  const navigate = useNavigate();
  const sessionBusy = useSelector(session, isBusy);
  const [saving, setSaving] = useState(false);
  // A failed save is said here, once (the API layer raises no toast for it; docs/decisions/130).
  const [failed, setFailed] = useState(false);
  const form = useForm({ schema: policiesForm, initialInput: { agreedWithGdprPolicy: false, agreedToLabourRegulations: false } });
  const { formProps, attempts, errors } = useValidatedSubmit(form, IDS, LABELS, async () => {
    setSaving(true);
    setFailed(false);
    try {
      await agree();
    } catch {
      // Said on the page; a 401 (session expired) is the API layer's toast and has signed the worker out already.
      setSaving(false);
      setFailed(true);
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
      {failed && errors.length === 0 ? (
        <div role="alert">
          <Banner type="warning">{m.policies_saveFailed()}</Banner>
        </div>
      ) : null}
      <p className={f.intro}>{m.policies_intro()}</p>
      <PolicyDocuments locale={locale} />
      <form {...formProps} className={f.form}>
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
