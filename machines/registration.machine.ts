/**
 * Registration (spec §2 Register, §4, §8): the form is sent once it is valid (the view validates with
 * src/domain/auth-forms.ts); on success a toast and /login; a failure keeps the worker on the form.
 *
 * editing { idle | failed | emailTaken } → submitting → registered
 *
 * Invariants
 * - The password never enters the context: it goes from the submit event into the actor's input only.
 * - Nothing is sent twice at once: the form can be submitted only from `editing`.
 *
 * Actor (placeholder here; src/actors provides it):
 * - `register`  input: `RegisterRequest` (`{ firstName, lastName, email, password, language }` of openapi.yaml).
 *               output: nothing (204). Rejects with the ApiError; `email_already_exists` (409) has its own state
 *               because the spec has a text for it. Other failures are "swallowed" (§8): the API layer's toast only.
 *
 * Actions the app provides (no-ops here):
 * - `notify`    params `{ type, msg }`: `auth_registered` on success.
 * - `navigate`  params `{ to }`: '/login' on success.
 */
import { assign, fromPromise, setup } from 'xstate';

export type RegisterRequest = { firstName: string; lastName: string; email: string; password: string; language: 'fr' | 'nl' };
export type RegistrationEvent = { type: 'registration.submit'; values: RegisterRequest };
export type RegistrationContext = { errorCode: string | null };

function codeOf(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    tags: {} as 'busy',
    children: {} as { register: 'register' },
  },
  actors: {
    register: fromPromise<void, RegisterRequest>(async () => {
      throw new Error('not provided: register');
    }),
  },
  actions: {
    notify: (_, _params: { type: 'success' | 'danger' | 'warning' | 'info'; msg: string }) => {},
    navigate: (_, _params: { to: string }) => {},
    setErrorCode: assign({ errorCode: (_, params: { error: unknown }) => codeOf(params.error) ?? 'unknown' }),
    clearError: assign({ errorCode: null }),
  },
  guards: {
    emailTaken: (_, params: { error: unknown }) => codeOf(params.error) === 'email_already_exists',
  },
}).createMachine({
  id: 'registration',
  description: 'Creating an account from the register form.',
  context: { errorCode: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The worker fills in the form.',
      initial: 'idle',
      states: {
        idle: { description: 'Nothing sent yet.' },
        failed: { description: 'The server refused or could not be reached; the form keeps what was typed.' },
        emailTaken: { description: 'An account already uses this e-mail (the spec has a text for it).' },
      },
      on: {
        'registration.submit': { target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      description: 'POST /auth/register.',
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => (event as RegistrationEvent).values,
        onDone: {
          target: 'registered',
          actions: [
            { type: 'notify', params: { type: 'success', msg: 'auth_registered' } },
            { type: 'navigate', params: { to: '/login' } },
          ],
        },
        onError: [
          {
            guard: { type: 'emailTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'editing.emailTaken',
            actions: { type: 'setErrorCode', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing.failed', actions: { type: 'setErrorCode', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    registered: {
      type: 'final',
      description: 'The account exists and the validation mail is sent; the worker is on /login.',
    },
  },
});
