/**
 * The form rules of spec §5 for sign-in, registration, password reset and policies. The server parses the
 * same bodies with the same rules (server/…); errors are message keys (validation-keys.ts).
 */
import * as v from 'valibot';
import { LOCALES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { V } from './validation-keys.ts';

export const requiredText = (max = 200) => v.pipe(v.string(V.required), v.trim(), v.nonEmpty(V.required), v.maxLength(max, V.tooLong));
export const emailField = v.pipe(v.string(V.required), v.trim(), v.nonEmpty(V.required), v.maxLength(254, V.tooLong), v.email(V.email));
const newPasswordField = v.pipe(
  v.string(V.required),
  v.nonEmpty(V.required),
  v.minLength(PASSWORD_MIN_LENGTH, V.passwordMin),
  v.maxLength(PASSWORD_MAX_LENGTH, V.passwordMax),
);

export const loginForm = v.object({
  email: emailField,
  password: v.pipe(v.string(V.required), v.nonEmpty(V.required), v.maxLength(PASSWORD_MAX_LENGTH, V.passwordMax)),
  remember: v.boolean(),
});

export const registerForm = v.pipe(
  v.object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailField,
    password: newPasswordField,
    repeatPassword: v.pipe(v.string(V.required), v.nonEmpty(V.required)),
    language: v.picklist(LOCALES, V.required),
  }),
  v.forward(
    v.partialCheck([['password'], ['repeatPassword']], (i) => i.password === i.repeatPassword, V.passwordsDiffer),
    ['repeatPassword'],
  ),
);

export const resetStartForm = v.object({ email: emailField });

export const resetWithTokenForm = v.pipe(
  v.object({
    password: newPasswordField,
    confirmPassword: v.pipe(v.string(V.required), v.nonEmpty(V.required)),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, V.passwordsDiffer),
    ['confirmPassword'],
  ),
);

const mustAgree = v.pipe(v.boolean(V.policyRequired), v.value(true, V.policyRequired));
export const policiesForm = v.object({ agreedWithGdprPolicy: mustAgree, agreedToLabourRegulations: mustAgree });
