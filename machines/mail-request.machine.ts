/**
 * Asking the server to send a mail, with a success toast (spec §4/§7): the reset mail (reset-password screen
 * without token: the typed e-mail; change-password screen of a signed-in worker: no e-mail) and the e-mail
 * validation mail again (home notice). One small flow, three screens.
 *
 * ready | failed → sending → sent (and again)
 *
 * setup() entries carry their JSDoc (listed in docs/machines/mail-request.md, decision 070).
 */
import { assertEvent, setup } from 'xstate';
import { notProvided, notProvidedAction } from './invokes.ts';
import type { NotifyParams } from './notify.ts';

export type MailKind = 'passwordReset' | 'emailValidation';
export type SendMailInput = { kind: MailKind; email: string | null };
export type MailRequestEvent = { type: 'mail.request'; email?: string | null };
export type MailRequestContext = { kind: MailKind };

/** The e-mail a `mail.request` names (none: the signed-in worker's, or the screen has none). */
function emailOf(event: MailRequestEvent): string | null {
  assertEvent(event, 'mail.request');
  return event.email ?? null;
}

export const mailRequestMachine = setup({
  types: {
    context: {} as MailRequestContext,
    events: {} as MailRequestEvent,
    input: {} as { kind: MailKind },
    tags: {} as 'busy',
    children: {} as { sendMail: 'sendMail' },
  },
  actors: {
    /** Input `{ kind, email }`. passwordReset + email → POST /auth/reset-password; passwordReset without email → GET /user/me/reset-password; emailValidation → POST /auth/revalidate-email. Output nothing. Failures are swallowed (§8): the API layer's toast only. */
    sendMail: notProvided<void, SendMailInput>('sendMail'),
  },
  actions: {
    /** Provided by the app: a toast; `auth_resetPasswordStarted` or `auth_emailValidationSent` on success. Params `{ type, msg }`. */
    notify: notProvidedAction<NotifyParams>('notify'),
  },
  guards: {
    /** This instance sends the e-mail validation mail (not a reset mail). */
    isEmailValidation: ({ context }) => context.kind === 'emailValidation',
  },
}).createMachine({
  id: 'mailRequest',
  description: 'Asking the server to send a mail (password reset or e-mail validation).',
  context: ({ input }) => ({ kind: input.kind }),
  initial: 'ready',
  states: {
    ready: { description: 'Nothing asked yet.', on: { 'mail.request': 'sending' } },
    failed: { description: 'The request failed; the worker may ask again.', on: { 'mail.request': 'sending' } },
    sending: {
      description: 'The request is on its way; the button is busy.',
      tags: ['busy'],
      invoke: {
        id: 'sendMail',
        src: 'sendMail',
        input: ({ context, event }) => ({ kind: context.kind, email: emailOf(event) }),
        onDone: [
          {
            guard: 'isEmailValidation',
            target: 'sent',
            actions: { type: 'notify', params: { type: 'success', msg: 'auth_emailValidationSent' } },
          },
          { target: 'sent', actions: { type: 'notify', params: { type: 'success', msg: 'auth_resetPasswordStarted' } } },
        ],
        onError: 'failed',
      },
    },
    sent: {
      description: 'The mail is on its way; asking again sends a new one (the previous link stops working).',
      on: { 'mail.request': 'sending' },
    },
  },
});
