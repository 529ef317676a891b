/**
 * Reset password without a token (spec §2, §4, §5): the worker types the e-mail of the account and gets a mail with
 * a link (machines/mail-request.machine.ts, kind 'passwordReset'). The answer is the same whatever the address:
 * the portal never tells whether an account exists (§10).
 */
import { Link } from '@tanstack/react-router';
import { Field, useForm } from '@formisch/react';
import { useSelector } from '@xstate/react';
import { hasFailed, isBusy, isSent, type MailRequestActor } from '../../../machines/mail-request.selectors.ts';
import { resetStartForm } from '#domain/auth-forms.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { TextField } from '../../ui/field.tsx';
import { Page } from '../../ui/page.tsx';
import * as s from './auth.css.ts';
import * as f from '../../ui/form.css.ts';
import { textFieldProps, useValidatedSubmit } from '../../ui/form-kit.tsx';

const IDS = { email: 'reset-email' } as const;
const LABELS = { email: m.resetPassword_email };

/** `actor`: the mail request of kind 'passwordReset' the route started. */
export function ResetStartScreen({ actor }: { actor: MailRequestActor }) {
  useLocale();
  const busy = useSelector(actor, isBusy);
  const sent = useSelector(actor, isSent);
  const failed = useSelector(actor, hasFailed);
  const form = useForm({ schema: resetStartForm, initialInput: { email: '' } });
  const { formProps, attempts, errors } = useValidatedSubmit(form, IDS, LABELS, (values) => actor.send({ type: 'mail.request', email: values.email }));

  return (
    <Page title={m.resetPassword_title()} hasErrors={errors.length > 0}>
      <ErrorSummary errors={errors} focusKey={attempts} />
      <p className={f.intro}>{m.resetPassword_intro()}</p>
      <form {...formProps} className={f.form}>
        <Field of={form} path={['email']}>
          {(field) => (
            <TextField
              {...textFieldProps(field)}
              id={IDS.email}
              label={LABELS.email()}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </Field>
        <div className={f.actions}>
          <Button type="submit" loading={busy}>
            {m.resetPassword_send()}
          </Button>
        </div>
      </form>
      <div role="status" className={s.status}>
        {sent ? <Banner type="success">{m.resetPassword_sent()}</Banner> : null}
      </div>
      {failed ? (
        <div role="alert">
          <Banner type="warning">{m.resetPassword_sendFailed()}</Banner>
        </div>
      ) : null}
      <ul className={s.links}>
        <li>
          <Link to="/login">{m.resetPassword_backToLogin()}</Link>
        </li>
      </ul>
    </Page>
  );
}
