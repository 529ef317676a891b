/**
 * Reset password with the token of a mail (spec §2, §4, §5): the link is checked first (`validate-token`); a link
 * used or expired says so and offers to ask for a new one; otherwise a new password and its confirmation
 * (machines/password-reset.machine.ts). Success: the `auth_passwordUpdated` toast and the login page with the
 * `passwordEdited` banner.
 */
import { Link } from '@tanstack/react-router';
import { Field, useForm } from '@formisch/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { passwordResetMachine } from '../../../machines/password-reset.machine.ts';
import { resetWithTokenForm } from '../../domain/auth-forms.ts';
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
import { devInspect } from '../../dev/inspector.ts';

const IDS = { password: 'reset-password', confirmPassword: 'reset-confirmPassword' } as const;

export function ResetTokenScreen({ logic, token }: { logic: typeof passwordResetMachine; token: string }) {
  useLocale();
  const actor = useActorRef(logic, { input: { token }, ...devInspect });
  const view = useSelector(actor, (snapshot) =>
    snapshot.matches('checkingToken') ? 'checking' : snapshot.matches('tokenInvalid') ? 'invalid' : 'form',
  );
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy') || snapshot.matches('updated'));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'failed' }));
  const form = useForm({ schema: resetWithTokenForm, initialInput: { password: '', confirmPassword: '' } });
  const { onSubmit, attempts, errors } = useValidatedSubmit(form, IDS, (values) => actor.send({ type: 'passwordReset.submit', password: values.password }));
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
          <form noValidate onSubmit={onSubmit} className={f.form}>
            <Field of={form} path={['password']}>
              {(field) => (
                <TextField
                  {...textFieldProps(field)}
                  id={IDS.password}
                  label={m.resetPassword_newPassword()}
                  hint={m.register_passwordHint()}
                  type="password"
                  autoComplete="new-password"
                />
              )}
            </Field>
            <Field of={form} path={['confirmPassword']}>
              {(field) => (
                <TextField
                  {...textFieldProps(field)}
                  id={IDS.confirmPassword}
                  label={m.resetPassword_confirmPassword()}
                  type="password"
                  autoComplete="new-password"
                />
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
