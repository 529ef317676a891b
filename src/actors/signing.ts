/**
 * The signing machine with the app's implementations (machines/signing.machine.ts header). Failures have
 * already been told to the worker by the API layer (§8); the machine keeps the selection and the dialog.
 */
import { fromPromise } from 'xstate';
import { signingMachine, type MarkForSigningItem, type SigningItem } from '../../machines/signing.machine.ts';
import type { Api } from '../api/client.ts';

export type SigningDeps = {
  api: Api;
  /**
   * Whether the worker has a valid signature. Without one the machine shows only the prompt and never the
   * list, so the list is not read at all: no needless call, and no 403 toast for an account that may not read
   * it yet (a new account).
   */
  hasValidSignature: boolean;
};

function signingActors({ api, hasValidSignature }: SigningDeps) {
  return {
    loadDocumentsToSign: fromPromise<SigningItem[]>(async ({ signal }) =>
      hasValidSignature ? api.unwrap(api.client.GET('/user/me/documents/documents-to-sign', { signal })) : [],
    ),
    markForSigning: fromPromise<SigningItem[], { items: MarkForSigningItem[] }>(({ input, signal }) =>
      api.unwrap(api.client.POST('/user/me/documents/mark-for-signing', { body: input.items, signal })),
    ),
  };
}

export const createSigningLogic = (deps: SigningDeps) => signingMachine.provide({ actors: signingActors(deps) });
