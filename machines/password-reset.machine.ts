/**
 * The reset-password screen in token mode (§2.8, §4 password update): the token of the
 * mail is checked first (`validate-token`), then the new password is set (`update-password`).
 * Without a token the screen asks for an e-mail: that is mail-request.machine.ts (kind 'passwordReset').
 *
 * checkingToken → tokenInvalid | editing { idle | failed } → updating → updated
 *
 * Invariants
 * - The form shows only for a token the server accepts; a token refused at update time also ends in tokenInvalid.
 * - The password never enters the context.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/password-reset.md, decision 070); named implementations
 * read the event themselves, so every reference in the config is static (decision 071).
 */
import { assertEvent, setup } from 'xstate';
import { errorCodeOf, errorOf, notProvided, outputOf, notProvidedAction } from './invokes.ts';
import type { NotifyParams } from './notify.ts';

export type PasswordResetEvent = { type: 'passwordReset.submit'; password: string };
export type PasswordResetContext = { token: string };

/** The new password of the `passwordReset.submit` event (it goes to the actor, never into the context). */
function passwordOf(event: PasswordResetEvent): string {
  assertEvent(event, 'passwordReset.submit');
  return event.password;
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as { token: string },
    tags: {} as 'busy',
    children: {} as { validateToken: 'validateToken'; updatePassword: 'updatePassword' },
  },
  actors: {
    /** POST /auth/validate-token. Input `{ token }`. Output `boolean`; a failure counts as false (§8). */
    validateToken: notProvided<boolean, { token: string }>('validateToken'),
    /** POST /auth/update-password. Input `{ token, password }`. Output nothing (204). Rejects with the ApiError; `token_invalid` (404) means the link is used or expired. */
    updatePassword: notProvided<void, { token: string; password: string }>('updatePassword'),
  },
  actions: {
    /** Provided by the app: a toast; `auth_passwordUpdated` on success. Params `{ type, msg }`. */
    notify: notProvidedAction<NotifyParams>('notify'),
    /** Provided by the app: the server revoked every session of the account, so the app tells its session (`session.passwordChanged`), which forgets a sign-in of this browser. */
    passwordChanged: notProvidedAction('passwordChanged'),
    /** Provided by the app: '/login?passwordEdited' on success (every session was just revoked, so / would lead to /login anyway; docs/decisions/030-session-machine.md). Params `{ to }`. */
    navigate: notProvidedAction<{ to: string }>('navigate'),
  },
  guards: {
    /** The server accepted the token. */
    tokenAccepted: ({ event }) => outputOf<boolean>(event, 'validateToken') === true,
    /** The update was refused because the token is used or expired (`token_invalid`). */
    tokenRefused: ({ event }) => errorCodeOf(errorOf(event, 'updatePassword')) === 'token_invalid',
  },
}).createMachine({
  id: 'passwordReset',
  description: 'Setting a new password with the token of a reset mail.',
  context: ({ input }) => ({ token: input.token }),
  initial: 'checkingToken',
  states: {
    checkingToken: {
      description: 'Is the link still usable? (POST /auth/validate-token)',
      tags: ['busy'],
      invoke: {
        id: 'validateToken',
        src: 'validateToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: [{ guard: 'tokenAccepted', target: 'editing' }, { target: 'tokenInvalid' }],
        onError: { target: 'tokenInvalid', description: 'A failed token validation yields false (§8).' },
      },
    },
    tokenInvalid: {
      description: 'The link is unknown, used or expired: the screen says so and offers to ask for a new one.',
    },
    editing: {
      description: 'The new password and its confirmation (the view validates them).',
      initial: 'idle',
      states: {
        idle: { description: 'Nothing sent yet.' },
        failed: { description: 'The update failed for another reason than the token; the worker may send again.' },
      },
      on: { 'passwordReset.submit': 'updating' },
    },
    updating: {
      description: 'POST /auth/update-password.',
      tags: ['busy'],
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ context, event }) => ({ token: context.token, password: passwordOf(event) }),
        onDone: {
          target: 'updated',
          actions: [
            { type: 'notify', params: { type: 'success', msg: 'auth_passwordUpdated' } },
            'passwordChanged',
            { type: 'navigate', params: { to: '/login?passwordEdited' } },
          ],
        },
        onError: [{ guard: 'tokenRefused', target: 'tokenInvalid', description: 'The token was used or expired meanwhile.' }, { target: 'editing.failed' }],
      },
    },
    updated: { type: 'final', description: 'The password is changed; every session of the account is revoked.' },
  },
});
