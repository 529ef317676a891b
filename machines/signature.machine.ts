/**
 * The worker's handwritten signature (§2.15, §4 signature status).
 *
 * loading → shown { none | pendingReview | validated | rejected } → drawing (dialog) → saving → shown. A failed
 * load → loadFailed (retry). `shown` opens on a transient `deciding` that picks its sub-state from the stored status
 * (`SignatureStatusCode` of domain/enums.ts), so the status is read in one place whether the signature was just loaded, drawn or the dialog cancelled.
 *
 * Invariants
 * - Drawing opens only for an approved account (`newAccount` false): a new account cannot create a signature
 *   (§4); the view disables the button from `can()`.
 * - After a save the local signature is PendingReview (§4), whatever it was.
 * - A failed save keeps the drawing (`drawing` holds its PNG data URL) and the dialog open; cancelling closes the
 *   dialog, forgets the drawing, and shows the signature as it was.
 *
 * Input: `{ newAccount: boolean }` (from the general info, session.selectors.ts `isNewAccount`).
 *
 * setup() entries carry their JSDoc (listed in docs/machines/signature.md, decision 070); named implementations
 * read the event or the context themselves, so every reference in the config is static (decision 071).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Signature } from '#domain/api-schema.ts';
import { SignatureStatusCode } from '#domain/enums.ts';
import { notProvided, outputOf, notProvidedAction } from './invokes.ts';
import type { NotifyParams } from './notify.ts';

/** A status by its name in domain/enums.ts (`statusIs` params name it: the chart reads 'PendingReview', not 1). */
export type SignatureStatusName = keyof typeof SignatureStatusCode;
export type { Signature };

export type SignatureContext = {
  newAccount: boolean;
  signature: Signature | null;
  /** The PNG data URL of the drawing being saved (kept after a failed save so the pad can show it again). */
  drawing: string | null;
};

export type SignatureEvent =
  | { type: 'signature.draw' }
  | { type: 'signature.save'; dataUrl: string }
  | { type: 'signature.cancel' }
  | { type: 'signature.retry' };

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;
/** What update-signature accepts (openapi.yaml SignatureUpdate). */
export const isPngDataUrl = (value: string): boolean => value.length >= 30 && value.length <= 2_000_000 && PNG_DATA_URL.test(value);

export const signatureMachine = setup({
  types: {
    context: {} as SignatureContext,
    events: {} as SignatureEvent,
    input: {} as { newAccount: boolean },
    tags: {} as 'busy' | 'dialogOpen',
    children: {} as { loadSignature: 'loadSignature'; saveSignature: 'saveSignature' },
  },
  actors: {
    /** GET /user/me/signature. Output `Signature` `{ value: data URL | null; status: SignatureStatusCode }`. */
    loadSignature: notProvided<Signature>('loadSignature'),
    /** POST /user/me/update-signature. Input `{ dataUrl }` (a `data:image/png;base64,` URL). Output `Signature`, status PendingReview. A failure is swallowed (§8): the API layer's toast only. */
    saveSignature: notProvided<Signature, { dataUrl: string }>('saveSignature'),
  },
  actions: {
    /** Provided by the app: a toast; `signature_signatureUpdated` after a save. Params `{ type, msg }`. */
    notify: notProvidedAction<NotifyParams>('notify'),
    /** Provided by the app: after a save the session reads its general info again, so the rest of the portal (menus, home, signing) sees the new status. */
    refreshSession: notProvidedAction('refreshSession'),
    /** Keeps the signature as read. */
    keepSignature: assign({ signature: ({ event }) => outputOf<Signature>(event, 'loadSignature') }),
    /** Keeps the signature just saved: its image (the server's, else the drawing sent) and status PendingReview (§4). */
    keepSavedSignature: assign({
      signature: ({ context, event }) => ({
        value: outputOf<Signature>(event, 'saveSignature').value ?? context.drawing,
        status: SignatureStatusCode.PendingReview,
      }),
    }),
    /** Keeps the PNG data URL of the `signature.save` event (shown again after a failed save). */
    keepDrawing: assign({
      drawing: ({ event }) => {
        assertEvent(event, 'signature.save');
        return event.dataUrl;
      },
    }),
    /** Drops the drawing (saved, or the dialog cancelled). */
    forgetDrawing: assign({ drawing: null }),
  },
  guards: {
    /** Not a new account: only an approved file may register a signature (§4). */
    accountApproved: ({ context }) => !context.newAccount,
    /** The stored signature's status (None when there is no signature) is the one params `{ status }` names. */
    statusIs: ({ context }, params: { status: SignatureStatusName }) =>
      (context.signature?.status ?? SignatureStatusCode.None) === SignatureStatusCode[params.status],
    /** The `signature.save` event carries a PNG data URL that update-signature accepts (an empty pad gives nothing). */
    isDrawing: ({ event }) => {
      assertEvent(event, 'signature.save');
      return isPngDataUrl(event.dataUrl);
    },
  },
}).createMachine({
  id: 'signature',
  description: "The worker's signature: its image and status, and drawing a new one.",
  context: ({ input }) => ({ newAccount: input.newAccount, signature: null, drawing: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the signature (GET /user/me/signature).',
      tags: ['busy'],
      invoke: { id: 'loadSignature', src: 'loadSignature', onDone: { target: 'shown', actions: 'keepSignature' }, onError: 'loadFailed' },
    },
    loadFailed: {
      description: 'The signature could not be read.',
      on: { 'signature.retry': 'loading' },
    },

    shown: {
      description: 'The signature and its status; create (none) or modify (otherwise) opens the drawing dialog.',
      initial: 'deciding',
      states: {
        deciding: {
          description: 'Transient: the stored status (None when there is no signature) decides what the page shows.',
          always: [
            { guard: { type: 'statusIs', params: { status: 'None' } }, target: 'none' },
            { guard: { type: 'statusIs', params: { status: 'PendingReview' } }, target: 'pendingReview' },
            { guard: { type: 'statusIs', params: { status: 'Validated' } }, target: 'validated' },
            { target: 'rejected' },
          ],
        },
        none: { description: 'No signature yet: the intro text and a create button (disabled for a new account, with its notice).' },
        pendingReview: { description: "Awaiting the agency's approval (shown as info); it counts as valid for signing." },
        validated: { description: 'Approved (shown in green); contracts can be signed.' },
        rejected: { description: 'Refused by the agency (shown as a warning): the worker should draw a new one.' },
      },
      on: {
        'signature.draw': { guard: 'accountApproved', target: 'drawing', description: 'A signature can be registered only once the file is approved (§4).' },
      },
    },

    drawing: {
      description: 'The large dialog with the pad, cancel and save (the pad is resized when it opens).',
      tags: ['dialogOpen'],
      initial: 'idle',
      states: {
        idle: { description: 'Drawing.' },
        saveFailed: { description: 'The save failed; the drawing is kept and can be saved again.' },
      },
      on: {
        'signature.save': {
          guard: 'isDrawing',
          target: 'saving',
          description: 'Only a PNG drawing is sent (an empty pad gives nothing to save).',
          actions: 'keepDrawing',
        },
        'signature.cancel': { target: 'shown', description: 'Back to the signature as it was.', actions: 'forgetDrawing' },
      },
    },

    saving: {
      description: 'Sending the drawing (POST /user/me/update-signature); the dialog stays open and busy.',
      tags: ['busy', 'dialogOpen'],
      invoke: {
        id: 'saveSignature',
        src: 'saveSignature',
        input: ({ context }) => ({ dataUrl: context.drawing ?? '' }),
        onDone: {
          target: 'shown',
          description: 'The new signature awaits review (§4).',
          actions: [
            'keepSavedSignature',
            'forgetDrawing',
            { type: 'notify', params: { type: 'success', msg: 'signature_signatureUpdated' } },
            'refreshSession',
          ],
        },
        onError: { target: 'drawing.saveFailed' },
      },
    },
  },
});
