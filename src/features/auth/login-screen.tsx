/**
 * Login (spec §2, §4, §5): e-mail (prefilled with the one typed in the last day, §9), password with show/hide,
 * remember-me (on by default), a link to register. The form sends `session.login`; the session machine posts the
 * credentials, stores the user and goes to the return URL (checked again there) once the info is read.
 *
 * A refused or failed login is said once, in the page's error summary (no toast: docs/decisions/130), in the same
 * words whether the e-mail is unknown or the password wrong (no account enumeration, §10); too many
 * attempts (429) have their own words.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Field, useForm } from '@formisch/react';
import { useSelector } from '@xstate/react';
import { isBusy, loginError } from '../../../machines/session.selectors.ts';
import { loginForm } from '#domain/auth-forms.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionActor } from '../../router-context.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { TextField } from '../../ui/field.tsx';
import { Page } from '../../ui/page.tsx';
import * as s from './auth.css.ts';
import * as f from '../../ui/form.css.ts';
import { checkboxProps, textFieldProps, useValidatedSubmit } from '../../ui/form-kit.tsx';

const IDS = { email: 'login-email', password: 'login-password', remember: 'login-remember' } as const;
const LABELS = { email: m.login_email, password: m.login_password, remember: m.login_remember };

/** The words for a refused login (the ApiError code the session kept). */
function loginFailureMessage(code: string): string {
  if (code === 'unauthorized') return m.login_failedCredentials();
  if (code === 'too_many_attempts') return m.login_failedTooMany();
  return m.login_failedOther();
}

export type LoginScreenProps = {
  session: SessionActor;
  /** The e-mail remembered from the last login (§9: one day), or ''. */
  initialEmail: string;
  /** `?redirect`: where a forced login returns (the session accepts only a same-origin path). */
  returnUrl: string | undefined;
};

export function LoginScreen({ session, initialEmail, returnUrl }: LoginScreenProps) {
  useLocale();
  const busy = useSelector(session, isBusy);
  const failure = useSelector(session, loginError);
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm({ schema: loginForm, initialInput: { email: initialEmail, password: '', remember: true } });
  const { formProps, attempts, errors } = useValidatedSubmit(form, IDS, LABELS, (values) =>
    session.send({ type: 'session.login', email: values.email, password: values.password, remember: values.remember, returnUrl: returnUrl ?? null }),
  );
  // Field problems first; once the form is valid, the server's refusal (linked to the e-mail, the first field).
  const summary = errors.length > 0 ? errors : failure ? [{ fieldId: IDS.email, message: loginFailureMessage(failure) }] : [];

  return (
    <Page title={m.login_title()} hasErrors={summary.length > 0}>
      <ErrorSummary errors={summary} focusKey={`${attempts}:${failure}`} />
      <form {...formProps} className={f.form}>
        <Field of={form} path={['email']}>
          {(field) => (
            <TextField
              {...textFieldProps(field)}
              id={IDS.email}
              label={LABELS.email()}
              type="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </Field>
        <Field of={form} path={['password']}>
          {(field) => (
            <div className={s.passwordGroup}>
              <TextField
                {...textFieldProps(field)}
                id={IDS.password}
                label={LABELS.password()}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                autoCapitalize="none"
                spellCheck={false}
              />
              <Button variant="quiet" aria-controls={IDS.password} onClick={() => setShowPassword((shown) => !shown)}>
                {showPassword ? m.login_hidePassword() : m.login_showPassword()}
              </Button>
            </div>
          )}
        </Field>
        <Field of={form} path={['remember']}>
          {(field) => <Checkbox {...checkboxProps(field)} id={IDS.remember} label={LABELS.remember()} hint={m.login_rememberHint()} />}
        </Field>
        <div className={f.actions}>
          <Button type="submit" loading={busy}>
            {m.login_submit()}
          </Button>
        </div>
      </form>
      <ul className={s.links}>
        <li>
          {m.login_noAccount()} <Link to="/register">{m.login_registerLink()}</Link>
        </li>
        <li>
          <Link to="/reset-password">{m.login_forgotPassword()}</Link>
        </li>
      </ul>
    </Page>
  );
}
