/**
 * Digital contract signing (§2.16, §4 signing, §5.2 signing comment).
 *
 * loading → noSignature | checkingList → nothingToSign | selecting (toggle, comment) → confirming (dialog) →
 * submitting → checkingList (without the signed missions). A failed load → loadFailed (retry). `checkingList` is
 * transient: "nothing to sign" is decided in one place, after the first load and after every request.
 *
 * Invariants
 * - Nothing is ever sent with zero missions selected: Sign and Confirm are guarded (`hasChecked`), and `can()`
 *   drives the Sign button.
 * - `items` are the missions not yet requested for signing; once the server marks missions, they leave the list.
 * - A comment is at most SIGNING_COMMENT_MAX_LENGTH characters (domain/constants.ts, §5, §9): longer input is
 *   TRUNCATED (Unicode code points, as the server counts them); the field's own maxLength normally prevents it.
 * - A failed submit keeps the selection and the comments, with the dialog open to retry or cancel.
 * - Sign needs an APPROVED signature as well (`signatureApproved`): §4 counts a signature pending review as
 *   valid (the list shows), but "contracts cannot be signed before a signature is created and approved", and
 *   the server refuses the request until then (403 `signature_required`). The view says why Sign is disabled.
 *
 * Input: `{ hasValidSignature, signatureApproved }`: session.selectors.ts `hasValidSignature` ('pending review'
 * or 'validated') and whether the status is 'validated'. Without a valid one, the page only prompts to create a
 * signature.
 *
 * No provided actions: the list itself is the feedback (the signed missions leave it).
 *
 * setup() entries carry their JSDoc (listed in docs/machines/signing.md, decision 070); named implementations read
 * the event or the context themselves, so every reference in the config is static (decision 071).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { MarkForSigningItem, SigningItem } from '#domain/api-schema.ts';
import { SIGNING_COMMENT_MAX_LENGTH } from '#domain/constants.ts';
import { notProvided, outputOf } from './invokes.ts';

export type { MarkForSigningItem, SigningItem };

export type SigningInput = { hasValidSignature: boolean; signatureApproved: boolean };
export type SigningContext = SigningInput & {
  items: SigningItem[];
  /** The missions the last successful request marked (the view confirms the request with them). */
  lastSigned: string[];
};

export type SigningEvent =
  | { type: 'signing.toggle'; mission: string }
  | { type: 'signing.toggleAll' }
  | { type: 'signing.comment'; mission: string; comment: string }
  | { type: 'signing.sign' }
  | { type: 'signing.confirm' }
  | { type: 'signing.cancel' }
  | { type: 'signing.retry' };

/** The first SIGNING_COMMENT_MAX_LENGTH characters (code points, so that a surrogate pair is never cut in two). */
export const truncateComment = (comment: string): string => Array.from(comment).slice(0, SIGNING_COMMENT_MAX_LENGTH).join('');
export const checkedItems = (items: readonly SigningItem[]): SigningItem[] => items.filter((item) => item.checked);
/** Every listed mission is checked (a cancelled mission is never listed: the server leaves it out, §13). */
export const allChecked = (items: readonly SigningItem[]): boolean => items.length > 0 && items.every((item) => item.checked);
const toSend = (items: readonly SigningItem[]): MarkForSigningItem[] => checkedItems(items).map(({ mission, comment }) => ({ mission, comment }));
/** The missions the list shows: not yet requested, unchecked at first, comments within bounds. */
const listable = (items: readonly SigningItem[]): SigningItem[] =>
  items.filter((item) => !item.signingRequested).map((item) => ({ ...item, checked: false, comment: truncateComment(item.comment) }));

/** The mission an event names (toggle, comment). */
function missionOf(event: SigningEvent): string {
  assertEvent(event, ['signing.toggle', 'signing.comment']);
  return event.mission;
}
const marked = (event: { type: string }): string[] => outputOf<SigningItem[]>(event, 'markForSigning').map((item) => item.mission);

export const signingMachine = setup({
  types: {
    context: {} as SigningContext,
    events: {} as SigningEvent,
    input: {} as SigningInput,
    tags: {} as 'busy' | 'dialogOpen',
    children: {} as { loadDocumentsToSign: 'loadDocumentsToSign'; markForSigning: 'markForSigning' },
  },
  actors: {
    /** GET /user/me/documents/documents-to-sign. Output `SigningItem[]`. Without a valid signature the list is never shown: the app may answer [] unread. */
    loadDocumentsToSign: notProvided<SigningItem[]>('loadDocumentsToSign'),
    /** POST /user/me/documents/mark-for-signing. Input `{ items: { mission, comment }[] }` (1–100, the checked ones). Output `SigningItem[]`, the missions now marked signingRequested. */
    markForSigning: notProvided<SigningItem[], { items: MarkForSigningItem[] }>('markForSigning'),
  },
  actions: {
    /** Keeps the listable missions of the list read: not yet requested, unchecked, comments within the maximum length. */
    keepItems: assign({ items: ({ event }) => listable(outputOf<SigningItem[]>(event, 'loadDocumentsToSign')) }),
    /** Checks or unchecks the mission of the `signing.toggle` event. */
    toggle: assign({
      items: ({ context, event }) => context.items.map((item) => (item.mission === missionOf(event) ? { ...item, checked: !item.checked } : item)),
    }),
    /** "Select all" (docs/decisions/139-select-all-sticky-sign-bar-and-freelancer-home.md): checks every listed mission, or unchecks them all when they all are checked already. */
    toggleAll: assign({ items: ({ context }) => context.items.map((item) => ({ ...item, checked: !allChecked(context.items) })) }),
    /** Sets the comment of the `signing.comment` event on its mission, truncated to the maximum length. */
    setComment: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'signing.comment');
        return context.items.map((item) => (item.mission === event.mission ? { ...item, comment: truncateComment(event.comment) } : item));
      },
    }),
    /** The missions the server just marked leave the list and become `lastSigned`. */
    removeSigned: assign(({ context, event }) => {
      const signed = marked(event);
      return { items: context.items.filter((item) => !signed.includes(item.mission)), lastSigned: signed };
    }),
    /** Forgets the missions of the previous request. */
    forgetLastSigned: assign({ lastSigned: [] }),
  },
  guards: {
    /** No signature valid for signing (none, or rejected). */
    noValidSignature: ({ context }) => !context.hasValidSignature,
    /** No mission left in the list. */
    nothingListed: ({ context }) => context.items.length === 0,
    /** The mission the event names is in the list. */
    isListed: ({ context, event }) => context.items.some((item) => item.mission === missionOf(event)),
    /** At least one mission is checked. */
    hasChecked: ({ context }) => checkedItems(context.items).length > 0,
    /** An APPROVED signature and at least one mission checked. */
    readyToSign: ({ context }) => context.signatureApproved && checkedItems(context.items).length > 0,
  },
}).createMachine({
  id: 'signing',
  description: 'Asking to sign the contracts of completed missions, with a comment each.',
  context: ({ input }) => ({ hasValidSignature: input.hasValidSignature, signatureApproved: input.signatureApproved, items: [], lastSigned: [] }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the missions to sign (GET /user/me/documents/documents-to-sign).',
      tags: ['busy'],
      invoke: {
        id: 'loadDocumentsToSign',
        src: 'loadDocumentsToSign',
        onDone: [
          { guard: 'noValidSignature', target: 'noSignature', description: 'Contracts cannot be signed before a signature is created and approved (§4).' },
          { target: 'checkingList', actions: 'keepItems' },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'The list could not be read.',
      on: { 'signing.retry': 'loading' },
    },
    noSignature: {
      description: 'No valid signature: a prompt with a link to /user/manage-signature.',
    },
    checkingList: {
      description: 'Transient: with no mission left to list there is nothing to sign (after the load, and after each request).',
      always: [{ guard: 'nothingListed', target: 'nothingToSign' }, { target: 'selecting' }],
    },
    nothingToSign: {
      description: 'A valid signature, and no mission waiting: the "nothing to sign" message.',
    },

    selecting: {
      description:
        'The missions to sign: check some, add comments, then Sign (enabled with at least one checked and an approved signature; while it awaits review the list shows and Sign stays disabled).',
      on: {
        'signing.toggle': { guard: 'isListed', actions: 'toggle' },
        'signing.toggleAll': { actions: 'toggleAll', description: 'Checks every listed mission, or unchecks them all when all are checked.' },
        'signing.comment': { guard: 'isListed', description: 'A comment longer than the maximum of §9 is truncated.', actions: 'setComment' },
        'signing.sign': { guard: 'readyToSign', target: 'confirming', actions: 'forgetLastSigned' },
      },
    },

    confirming: {
      description: 'The confirmation dialog listing the selected missions as "date - reference", with Cancel and Sign.',
      tags: ['dialogOpen'],
      initial: 'idle',
      states: {
        idle: { description: 'Waiting for the worker to confirm.' },
        submitFailed: { description: 'The request failed; selection and comments are intact. Sign again or cancel.' },
      },
      on: {
        'signing.confirm': { guard: 'hasChecked', target: 'submitting' },
        'signing.cancel': { target: 'selecting', description: 'Close the dialog; the selection stays.' },
      },
    },

    submitting: {
      description: 'Sending the selected missions with their comments (POST /user/me/documents/mark-for-signing).',
      tags: ['busy', 'dialogOpen'],
      invoke: {
        id: 'markForSigning',
        src: 'markForSigning',
        input: ({ context }) => ({ items: toSend(context.items) }),
        onDone: { target: 'checkingList', description: 'The signed missions leave the list; the others stay as they were.', actions: 'removeSigned' },
        onError: { target: 'confirming.submitFailed' },
      },
    },
  },
});
