/** What the conversation views read from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Conversation, ConversationSubject } from '#domain/api-schema.ts';
import type { conversationMachine } from './conversation.machine.ts';

export type ConversationActor = ActorRefFrom<typeof conversationMachine>;
export type ConversationSnapshot = SnapshotFrom<typeof conversationMachine>;

export const isLoading = (s: ConversationSnapshot): boolean => s.matches('loading');
export const loadFailed = (s: ConversationSnapshot): boolean => s.matches('loadFailed');
export const conversationOf = (s: ConversationSnapshot): Conversation | null => s.context.conversation;
export const subjectOf = (s: ConversationSnapshot): ConversationSubject | null => s.context.subject;
export const draftOf = (s: ConversationSnapshot): string => s.context.draft;
export const filesOf = (s: ConversationSnapshot): readonly File[] => s.context.files;
export const isSending = (s: ConversationSnapshot): boolean => s.matches('sending');
/** The first message started the conversation and its own page is taking over: this composer takes nothing more. */
export const isHandedOver = (s: ConversationSnapshot): boolean => s.matches('handedOver');
export const sendFailed = (s: ConversationSnapshot): boolean => s.matches('failed');
export const isOffline = (s: ConversationSnapshot): boolean => s.matches('offline');
/** The message key said under the field (too long, empty), or null. */
export const problemOf = (s: ConversationSnapshot): string | null => s.context.problem;
/** The ApiError code of the refused send, or null. */
export const failureOf = (s: ConversationSnapshot): string | null => s.context.failure;
/** More files may be chosen (the composer's button). */
export const canAttach = (s: ConversationSnapshot): boolean => s.can({ type: 'conversation.attach', files: [] });
export const canEdit = (s: ConversationSnapshot): boolean => s.can({ type: 'conversation.type', text: '' });
export const conversationIdOf = (s: ConversationSnapshot): string | null => s.context.conversationId;
