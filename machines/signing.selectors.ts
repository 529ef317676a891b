/** What the signing views read from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { SIGNING_COMMENT_MAX_LENGTH } from '#domain/constants.ts';
import { allChecked, checkedItems, type SigningItem, type signingMachine } from './signing.machine.ts';

export type SigningActor = ActorRefFrom<typeof signingMachine>;
export type SigningSnapshot = SnapshotFrom<typeof signingMachine>;
export type SigningView = 'loading' | 'loadFailed' | 'noSignature' | 'nothingToSign' | 'list';

export function signingView(s: SigningSnapshot): SigningView {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('noSignature')) return 'noSignature';
  if (s.matches('nothingToSign')) return 'nothingToSign';
  return 'list';
}

export const items = (s: SigningSnapshot): SigningItem[] => s.context.items;
/** The rows of the confirmation dialog ("date - reference"). */
export const selected = (s: SigningSnapshot): SigningItem[] => checkedItems(s.context.items);
/** The Sign button: enabled only with at least one mission checked. */
export const canSign = (s: SigningSnapshot): boolean => s.can({ type: 'signing.sign' });
export const canConfirm = (s: SigningSnapshot): boolean => s.can({ type: 'signing.confirm' });
export const isConfirming = (s: SigningSnapshot): boolean => s.hasTag('dialogOpen');
export const isSubmitting = (s: SigningSnapshot): boolean => s.matches('submitting');
export const submitFailed = (s: SigningSnapshot): boolean => s.matches({ confirming: 'submitFailed' });
/** The visible count next to a comment field. */
export const commentLength = (comment: string): { used: number; max: number } => ({ used: Array.from(comment).length, max: SIGNING_COMMENT_MAX_LENGTH });
/** A signature pending review: the list shows, Sign stays disabled until the agency approves it (§4). */
export const awaitingApproval = (s: SigningSnapshot): boolean => s.context.hasValidSignature && !s.context.signatureApproved;
/** The missions the last request marked (for the "request sent" status message). */
export const lastSigned = (s: SigningSnapshot): string[] => s.context.lastSigned;
/** "Select all": 'all' when every listed mission is checked, 'some', or 'none' (the checkbox's mixed state). */
export const selection = (s: SigningSnapshot): 'all' | 'some' | 'none' =>
  allChecked(s.context.items) ? 'all' : checkedItems(s.context.items).length > 0 ? 'some' : 'none';
export const canToggleAll = (s: SigningSnapshot): boolean => s.can({ type: 'signing.toggleAll' });
