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
 * Actors, actions and guards are described by the JSDoc on their setup() entries, which `npm run machines:docs`
 * lists in docs/machines/registration.md (docs/decisions/070-machine-docs-generation.md).
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
    /** POST /auth/register. Input `RegisterRequest` (`{ firstName, lastName, email, password, language }`). Output nothing (204). Rejects with the ApiError; `email_already_exists` (409) has its own state because the spec has a text for it. Other failures are swallowed (§8): the API layer's toast only. */
    register: fromPromise<void, RegisterRequest>(async () => {
      throw new Error('not provided: register');
    }),
  },
  actions: {
    /** Provided by the app: a toast; `auth_registered` on success. Params `{ type, msg }`. */
    notify: (_, _params: { type: 'success' | 'danger' | 'warning' | 'info'; msg: string }) => {},
    /** Provided by the app: router navigation; '/login' on success. Params `{ to }`. */
    navigate: (_, _params: { to: string }) => {},
    /** Keeps the `code` of the refusal (or 'unknown'). */
    setErrorCode: assign({ errorCode: (_, params: { error: unknown }) => codeOf(params.error) ?? 'unknown' }),
    /** Forgets the last refusal before sending again. */
    clearError: assign({ errorCode: null }),
  },
  guards: {
    /** The server refused the e-mail as already used (`email_already_exists`). */
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
