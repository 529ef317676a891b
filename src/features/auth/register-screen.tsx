/**
 * Registration (spec §2, §4, §5): first and last name, e-mail, password twice, the language of the account (nl or
 * fr, the interface language by default). machines/registration.machine.ts sends it; on success a toast and /login.
 *
 * "An account already exists" is said on the e-mail field: the one place where the portal reveals that an address
 * has an account, because registering needs it (login and password reset never tell).
 */
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { Field, setErrors, setInput, useForm } from '@formisch/react';
import { useSelector } from '@xstate/react';
import { hasFailed, isEmailTaken, isBusy, type RegistrationActor } from '../../../machines/registration.selectors.ts';
import { registerForm } from '#domain/auth-forms.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { TextField } from '../../ui/field.tsx';
import { Page } from '../../ui/page.tsx';
import * as s from './auth.css.ts';
import * as f from '../../ui/form.css.ts';
import { inputProps, textFieldProps, useValidatedSubmit } from '../../ui/form-kit.tsx';

const IDS = {
  firstName: 'register-firstName',
  lastName: 'register-lastName',
  email: 'register-email',
  password: 'register-password',
  repeatPassword: 'register-repeatPassword',
  language: 'register-language-fr',
} as const;

const LABELS = {
  firstName: m.register_firstName,
  lastName: m.register_lastName,
  email: m.register_email,
  password: m.register_password,
  repeatPassword: m.register_repeatPassword,
  language: m.register_language,
};

const LANGUAGES = [
  { value: 'fr', id: 'register-language-fr', name: m.shell_languageFr },
  { value: 'nl', id: 'register-language-nl', name: m.shell_languageNl },
] as const;

/** `actor`: the registration the route started. */
export function RegisterScreen({ actor }: { actor: RegistrationActor }) {
  const locale = useLocale();
  const busy = useSelector(actor, isBusy);
  const emailTaken = useSelector(actor, isEmailTaken);
  const failed = useSelector(actor, hasFailed);
  const form = useForm({
    schema: registerForm,
    initialInput: { firstName: '', lastName: '', email: '', password: '', repeatPassword: '', language: locale },
  });
  // Until the worker picks a language, the account's follows the interface (switched on this page, say). A language
  // picked on the prerendered page before React hydrated it is picked too.
  const languagePicked = useRef(false);
  const { formProps, attempts, errors } = useValidatedSubmit(
    form,
    IDS,
    LABELS,
    ({ repeatPassword: _repeat, ...values }) => actor.send({ type: 'registration.submit', values }),
    { onAdopted: (name) => (languagePicked.current ||= name === 'language') },
  );

  useEffect(() => {
    if (!languagePicked.current) setInput(form, { path: ['language'], input: locale });
  }, [locale, form]);

  // The server's "already exists" becomes the e-mail field's error (and so a line of the summary); typing another
  // address revalidates the field and clears it.
  useEffect(() => {
    if (emailTaken) setErrors(form, { path: ['email'], errors: ['register_emailTaken'] });
  }, [emailTaken, form]);

  return (
    <Page title={m.register_title()} hasErrors={errors.length > 0}>
      <ErrorSummary errors={errors} focusKey={`${attempts}:${emailTaken}`} />
      {failed ? (
        <div role="alert">
          <Banner type="warning">{m.register_failed()}</Banner>
        </div>
      ) : null}
      <form {...formProps} className={f.form}>
        <Field of={form} path={['firstName']}>
          {(field) => <TextField {...textFieldProps(field)} id={IDS.firstName} label={LABELS.firstName()} autoComplete="given-name" />}
        </Field>
        <Field of={form} path={['lastName']}>
          {(field) => <TextField {...textFieldProps(field)} id={IDS.lastName} label={LABELS.lastName()} autoComplete="family-name" />}
        </Field>
        <Field of={form} path={['email']}>
          {(field) => (
            <TextField
              {...textFieldProps(field)}
              id={IDS.email}
              label={LABELS.email()}
              hint={m.register_emailHint()}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </Field>
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
        <Field of={form} path={['repeatPassword']}>
          {(field) => (
            <TextField {...textFieldProps(field)} id={IDS.repeatPassword} label={LABELS.repeatPassword()} type="password" autoComplete="new-password" />
          )}
        </Field>
        <Field of={form} path={['language']}>
          {(field) => (
            <fieldset className={s.fieldset}>
              <legend className={s.legend}>{LABELS.language()}</legend>
              {LANGUAGES.map((language) => (
                <label key={language.value} className={s.radio} htmlFor={language.id}>
                  <input
                    {...inputProps(field.props)}
                    onChange={(event) => {
                      languagePicked.current = true;
                      field.props.onChange(event);
                    }}
                    id={language.id}
                    className={s.radioInput}
                    type="radio"
                    value={language.value}
                    checked={field.input === language.value}
                  />
                  <span lang={language.value}>{language.name()}</span>
                </label>
              ))}
            </fieldset>
          )}
        </Field>
        <div className={f.actions}>
          <Button type="submit" loading={busy}>
            {m.register_submit()}
          </Button>
        </div>
      </form>
      <ul className={s.links}>
        <li>
          {m.register_haveAccount()} <Link to="/login">{m.register_loginLink()}</Link>
        </li>
      </ul>
    </Page>
  );
}
