/**
 * The signature machine with the app's implementations (machines/signature.machine.ts header): the two calls,
 * the success toast, and the session refresh after a save. A failed call has already been told to the worker
 * by the API layer (§8: a failed update-signature is "swallowed" after that toast); the machine only stays put.
 */
import { fromPromise } from 'xstate';
import { signatureMachine, type Signature } from '../../machines/signature.machine.ts';
import type { Api } from '../api/client.ts';
import type { ToastMessageKey, ToastStore } from '../ui/toast-store.ts';

export type SignatureDeps = {
  api: Api;
  toasts: Pick<ToastStore, 'show'>;
  /** Ask the session to read its general info again (the new status, PendingReview, for the whole portal). */
  refreshSession: () => void;
};

function signatureActors(api: Api) {
  return {
    loadSignature: fromPromise<Signature>(({ signal }) => api.unwrap(api.client.GET('/user/me/signature', { signal }))),
    saveSignature: fromPromise<Signature, { dataUrl: string }>(({ input, signal }) =>
      api.unwrap(api.client.POST('/user/me/update-signature', { body: { value: input.dataUrl }, signal })),
    ),
  };
}

export function createSignatureLogic(deps: SignatureDeps) {
  return signatureMachine.provide({
    actors: signatureActors(deps.api),
    actions: {
      notify: (_, params) => deps.toasts.show({ type: params.type, key: params.msg as ToastMessageKey }),
      refreshSession: () => deps.refreshSession(),
    },
  });
}
