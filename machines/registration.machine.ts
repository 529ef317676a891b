/**
 * Registration (spec §2 Register, §4, §8): the form is sent once it is valid (the view validates with
 * domain/auth-forms.ts); on success a toast and /login; a failure keeps the worker on the form.
 *
 * editing { idle | failed | emailTaken } → submitting → registered
 *
 * Invariants
 * - The password never enters the context: it goes from the submit event into the actor's input only.
 * - Nothing is sent twice at once: the form can be submitted only from `editing`.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/registration.md, decision 070); named implementations
 * read the event themselves, so every reference in the config is static (decision 071).
 */
import { assertEvent, assign, setup } from 'xstate';
import { errorCodeOf, errorOf, notProvided, notProvidedAction } from './invokes.ts';
import type { RegisterRequest } from '#domain/api-schema.ts';
import type { NotifyParams } from './notify.ts';

export type { RegisterRequest };
export type RegistrationEvent = { type: 'registration.submit'; values: RegisterRequest };
export type RegistrationContext = { errorCode: string | null };

const refusalCode = (event: { type: string }) => errorCodeOf(errorOf(event, 'register'));

/** The form's values of the `registration.submit` event. */
function valuesOf(event: RegistrationEvent): RegisterRequest {
  assertEvent(event, 'registration.submit');
  return event.values;
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
    register: notProvided<void, RegisterRequest>('register'),
  },
  actions: {
    /** Provided by the app: a toast; `auth_registered` on success. Params `{ type, msg }`. */
    notify: notProvidedAction<NotifyParams>('notify'),
    /** Provided by the app: router navigation; '/login' on success. Params `{ to }`. */
    navigate: notProvidedAction<{ to: string }>('navigate'),
    /** Keeps the `code` of the refusal (or 'unknown'). */
    setErrorCode: assign({ errorCode: ({ event }) => refusalCode(event) ?? 'unknown' }),
    /** Forgets the last refusal before sending again. */
    clearError: assign({ errorCode: null }),
  },
  guards: {
    /** The server refused the e-mail as already used (`email_already_exists`). */
    emailTaken: ({ event }) => refusalCode(event) === 'email_already_exists',
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
        input: ({ event }) => valuesOf(event),
        onDone: {
          target: 'registered',
          actions: [
            { type: 'notify', params: { type: 'success', msg: 'auth_registered' } },
            { type: 'navigate', params: { to: '/login' } },
          ],
        },
        onError: [
          { guard: 'emailTaken', target: 'editing.emailTaken', actions: 'setErrorCode' },
          { target: 'editing.failed', actions: 'setErrorCode' },
        ],
      },
    },
    registered: {
      type: 'final',
      description: 'The account exists and the validation mail is sent; the worker is on /login.',
    },
  },
});
