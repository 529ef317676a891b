/**
 * Reset password with the token of a mail (spec §2, §4, §5): the link is checked first (`validate-token`); a link
 * used or expired says so and offers to ask for a new one; otherwise a new password and its confirmation
 * (machines/password-reset.machine.ts). Success: the `auth_passwordUpdated` toast and the login page with the
 * `passwordEdited` banner.
 */
import { Link } from '@tanstack/react-router';
import { Field, useForm } from '@formisch/react';
import { useSelector } from '@xstate/react';
import { hasFailed, isBusy, resetView, type PasswordResetActor } from '../../../machines/password-reset.selectors.ts';
import { resetWithTokenForm } from '#domain/auth-forms.ts';
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

const IDS = { password: 'reset-password', confirmPassword: 'reset-confirmPassword' } as const;
const LABELS = { password: m.resetPassword_newPassword, confirmPassword: m.resetPassword_confirmPassword };

/** `actor`: the reset of the link's token, which the route started. */
export function ResetTokenScreen({ actor }: { actor: PasswordResetActor }) {
  useLocale();
  const view = useSelector(actor, resetView);
  const busy = useSelector(actor, isBusy);
  const failed = useSelector(actor, hasFailed);
  const form = useForm({ schema: resetWithTokenForm, initialInput: { password: '', confirmPassword: '' } });
  const { formProps, attempts, errors } = useValidatedSubmit(form, IDS, LABELS, (values) =>
    actor.send({ type: 'passwordReset.submit', password: values.password }),
  );
  const formShown = view === 'form';

  return (
    <Page title={m.resetPassword_title()} hasErrors={formShown && errors.length > 0}>
      {view === 'checking' ? (
        <p role="status" aria-busy="true">
          {m.resetPassword_checking()}
        </p>
      ) : null}
      {view === 'invalid' ? (
        <>
          <div role="alert">
            <Banner type="warning">{m.resetPassword_tokenInvalid()}</Banner>
          </div>
          <ul className={s.links}>
            <li>
              <Link to="/reset-password">{m.resetPassword_askNewLink()}</Link>
            </li>
            <li>
              <Link to="/login">{m.resetPassword_backToLogin()}</Link>
            </li>
          </ul>
        </>
      ) : null}
      {formShown ? (
        <>
          <ErrorSummary errors={errors} focusKey={attempts} />
          {failed ? (
            <div role="alert">
              <Banner type="warning">{m.resetPassword_updateFailed()}</Banner>
            </div>
          ) : null}
          <p className={f.intro}>{m.resetPassword_newPasswordIntro()}</p>
          <form {...formProps} className={f.form}>
            <Field of={form} path={['password']}>
              {(field) => (
                <TextField
                  {...textFieldProps(field)}
                  id={IDS.password}
                  label={LABELS.password()}
                  hint={m.register_passwordHint()}
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </Field>
            <Field of={form} path={['confirmPassword']}>
              {(field) => (
                <TextField {...textFieldProps(field)} id={IDS.confirmPassword} label={LABELS.confirmPassword()} type="password" autoComplete="new-password" />
              )}
            </Field>
            <div className={f.actions}>
              <Button type="submit" loading={busy}>
                {m.resetPassword_save()}
              </Button>
            </div>
          </form>
        </>
      ) : null}
    </Page>
  );
}
