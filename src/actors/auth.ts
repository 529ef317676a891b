/**
 * The small auth flows with the app's implementations (machines/registration, password-reset and mail-request
 * machines; their headers list each actor and action): calls through the one API client, toasts through the toast
 * store, navigation through the router. The API layer has already told the worker about any failure (§8), so the
 * actors only resolve or rethrow.
 */
import { fromPromise } from 'xstate';
import type { SendMailInput } from '../../machines/mail-request.machine.ts';
import { mailRequestMachine } from '../../machines/mail-request.machine.ts';
import { passwordResetMachine } from '../../machines/password-reset.machine.ts';
import { registrationMachine, type RegisterRequest } from '../../machines/registration.machine.ts';
import type { GeneralInfo } from '../../machines/session.types.ts';
import type { Api } from '../api/client.ts';
import type { NotifyParams } from '../../machines/notify.ts';
import type { ToastMessageKey, ToastStore } from '../ui/toast-store.ts';

export type AuthDeps = {
  api: Api;
  toasts: ToastStore;
  /** Router navigation to an in-app href (path and query). */
  navigate: (to: string) => void;
};

const notifyWith = (toasts: ToastStore) => (_: unknown, params: NotifyParams) => {
  toasts.show({ type: params.type, key: params.msg as ToastMessageKey });
};

export function createRegistrationLogic({ api, toasts, navigate }: AuthDeps) {
  return registrationMachine.provide({
    actors: {
      register: fromPromise<void, RegisterRequest>(async ({ input, signal }) => {
        await api.unwrap(api.client.POST('/auth/register', { body: input, signal }));
      }),
    },
    actions: { notify: notifyWith(toasts), navigate: (_, params) => navigate(params.to) },
  });
}

/** `onPasswordChanged`: tells the session (every session of the account was just revoked on the server). */
export function createPasswordResetLogic({ api, toasts, navigate, onPasswordChanged }: AuthDeps & { onPasswordChanged: () => void }) {
  return passwordResetMachine.provide({
    actors: {
      // A rejection is what the machine counts as "false" (§8: a failed token validation yields false).
      validateToken: fromPromise<boolean, { token: string }>(
        async ({ input, signal }) => (await api.unwrap(api.client.POST('/auth/validate-token', { body: { token: input.token }, signal }))) === true,
      ),
      updatePassword: fromPromise<void, { token: string; password: string }>(async ({ input, signal }) => {
        await api.unwrap(api.client.POST('/auth/update-password', { body: input, signal }));
      }),
    },
    actions: { notify: notifyWith(toasts), passwordChanged: () => onPasswordChanged(), navigate: (_, params) => navigate(params.to) },
  });
}

/**
 * One mail request per kind: the reset mail for a typed address (POST /auth/reset-password), the reset mail of the
 * signed-in worker (GET /user/me/reset-password: the server knows the address) and the validation mail again
 * (POST /auth/revalidate-email, signed in: the address never travels in the URL, decision 003).
 */
export function createMailRequestLogic({ api, toasts }: Omit<AuthDeps, 'navigate'>) {
  return mailRequestMachine.provide({
    actors: {
      sendMail: fromPromise<void, SendMailInput>(async ({ input, signal }) => {
        if (input.kind === 'emailValidation') await api.unwrap(api.client.POST('/auth/revalidate-email', { body: {}, signal }));
        else if (input.email !== null) await api.unwrap(api.client.POST('/auth/reset-password', { body: { email: input.email }, signal }));
        else await api.unwrap(api.client.GET('/user/me/reset-password', { signal }));
      }),
    },
    actions: { notify: notifyWith(toasts) },
  });
}

/** Agrees to both policies (POST /user/me/update-policies); the answer is the general info after the change. */
export function agreePolicies(api: Api): Promise<GeneralInfo> {
  return api.unwrap(api.client.POST('/user/me/update-policies', { body: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } }));
}
