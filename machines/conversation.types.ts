/** The conversation machine's types and its pure helpers (machines/conversation.machine.ts). */
import type { Conversation, ConversationMessage, ConversationSubject, ConversationSubjectKind } from '#domain/api-schema.ts';

/** The thing a new conversation is about, as the "Ask about this" link names it. */
export type SubjectRef = { kind: ConversationSubjectKind; id: string };

/** `conversationId` null: a new conversation (its first message starts it), about `about` or nothing. */
export type ConversationInput = { conversationId: string | null; about: SubjectRef | null };

/**
 * What the page reads first: the conversation (null for a new one), the thing shown (a new one's, or the
 * conversation's), and the text kept for this tab (docs/decisions/272-conversation-drafts.md), '' when none. The draft
 * is read as the load ends, once the page is on screen: text typed in the page it replaced is there by then.
 */
export type ConversationLoaded = { conversation: Conversation | null; subject: ConversationSubject | null; draft: string };

export type SendInput = { conversationId: string | null; about: SubjectRef | null; text: string; files: readonly File[] };
/** A new conversation answers with itself; a message to one answers with the message as stored. */
export type SendOutcome = { started: Conversation } | { message: ConversationMessage };

export type ConversationContext = {
  conversationId: string | null;
  about: SubjectRef | null;
  conversation: Conversation | null;
  subject: ConversationSubject | null;
  /** What is typed, kept through a failed send, a lost network and (in this tab) a reload. */
  draft: string;
  /** The photos or PDFs chosen for the message (at most CONVERSATION_ATTACHMENTS_MAX). */
  files: File[];
  /** Why the draft cannot go as it is, said under the field (a message key), or null. */
  problem: string | null;
  /** The code of the last send's refusal (an ApiError code), or null. */
  failure: string | null;
};

export type ConversationEvent =
  | { type: 'conversation.type'; text: string }
  | { type: 'conversation.attach'; files: File[] }
  | { type: 'conversation.remove'; index: number }
  | { type: 'conversation.send' }
  | { type: 'conversation.retry' }
  | { type: 'conversation.online' };

/** The conversation after a send: the new one, or the message added at its end. */
export function afterSend(conversation: Conversation | null, outcome: SendOutcome): Conversation | null {
  if ('started' in outcome) return outcome.started;
  if (!conversation) return null;
  return { ...conversation, status: 'waiting', messages: [...conversation.messages, outcome.message] };
}
