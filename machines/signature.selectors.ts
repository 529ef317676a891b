/** What the signature views read from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { SignatureStatusCode } from '#domain/enums.ts';
import type { Signature, signatureMachine } from './signature.machine.ts';

export type SignatureActor = ActorRefFrom<typeof signatureMachine>;
export type SignatureSnapshot = SnapshotFrom<typeof signatureMachine>;
export type SignatureView = 'loading' | 'loadFailed' | 'none' | 'pendingReview' | 'validated' | 'rejected';

/** The page's view of each stored status, while drawing or saving (the `shown` states draw the same mapping). */
const VIEW_OF_STATUS = {
  [SignatureStatusCode.None]: 'none',
  [SignatureStatusCode.PendingReview]: 'pendingReview',
  [SignatureStatusCode.Validated]: 'validated',
  [SignatureStatusCode.Rejected]: 'rejected',
} as const satisfies Record<Signature['status'], SignatureView>;

/** What the page shows behind any dialog (the status as it was while drawing or saving). */
export function signatureView(s: SignatureSnapshot): SignatureView {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches({ shown: 'pendingReview' })) return 'pendingReview';
  if (s.matches({ shown: 'validated' })) return 'validated';
  if (s.matches({ shown: 'rejected' })) return 'rejected';
  if (s.matches({ shown: 'none' })) return 'none';
  return VIEW_OF_STATUS[s.context.signature?.status ?? SignatureStatusCode.None];
}

export const signature = (s: SignatureSnapshot): Signature | null => s.context.signature;
/** Create or modify (the button is disabled for a new account, which sees a notice instead). */
export const canDraw = (s: SignatureSnapshot): boolean => s.can({ type: 'signature.draw' });
export const showNewAccountNotice = (s: SignatureSnapshot): boolean => s.context.newAccount;
export const isDialogOpen = (s: SignatureSnapshot): boolean => s.hasTag('dialogOpen');
export const isSaving = (s: SignatureSnapshot): boolean => s.matches('saving');
export const saveFailed = (s: SignatureSnapshot): boolean => s.matches({ drawing: 'saveFailed' });
/** The drawing to put back on the pad after a failed save (null: a blank pad). */
export const keptDrawing = (s: SignatureSnapshot): string | null => s.context.drawing;
