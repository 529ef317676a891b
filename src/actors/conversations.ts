/**
 * The conversation machine with the app's implementations (machines/conversation.machine.ts): the reads, the send
 * (multipart, each photo prepared as the absence certificate's is: decision 120, a PDF sent as chosen), the draft
 * kept for this tab (docs/decisions/272-conversation-drafts.md), marking a reply read. Every call goes through the
 * shared API client, so a repeated send carries the same Idempotency-Key (decision 210).
 */
import { fromPromise } from 'xstate';
import { conversationMachine } from '../../machines/conversation.machine.ts';
import type { ConversationLoaded, ConversationContext, SendInput, SendOutcome, SubjectRef } from '../../machines/conversation.types.ts';
import { attachmentField } from '#domain/conversations.ts';
import type { Api } from '../api/client.ts';
import { parseString, storage } from '../storage.ts';
import { prepareCertificate } from './absence-report.ts';
import { preparedName } from './details-files.ts';
import type { ImagePreparer } from './image-prepare.ts';

export type ConversationDeps = {
  api: Api;
  preparer: () => Promise<ImagePreparer>;
  /** Whose drafts (the signed-in worker's address): one worker's draft is never offered to another. */
  owner: string;
  /** The unread count left, for the menu (after a reply is read). */
  onUnread: (unread: number) => void;
  /** A new conversation was started: its own address. */
  onStarted: (id: string) => void;
};

const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
/** The worker's address as a short tag (FNV-1a): the key tells workers apart without holding their address. */
function ownerTag(owner: string): string {
  let hash = 0x811c9dc5;
  for (const char of owner.toLowerCase()) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** The storage key of a draft: per worker and per conversation (or per thing a new one is about). */
export const draftKey = (owner: string, conversationId: string | null, about: SubjectRef | null) =>
  `conversationDraft.${ownerTag(owner)}.${conversationId ?? (about ? `new.${about.kind}.${about.id}` : 'new')}`;

export const readDraft = (owner: string, conversationId: string | null, about: SubjectRef | null): string =>
  storage.get(draftKey(owner, conversationId, about), parseString) ?? '';

/** A refusal said as the server would say it (the page shows the message of its code). */
const refused = () => Object.assign(new Error('conversation_attachment_type'), { code: 'conversation_attachment_type' });

type Prepared = { blob: Blob; name: string };

/** The files as sent: a photo prepared once (a retry sends the very same bytes), a PDF as chosen. */
function preparedFiles(preparer: () => Promise<ImagePreparer>) {
  const done = new WeakMap<File, Promise<Prepared>>();
  return (files: readonly File[]) =>
    Promise.all(
      files.map((file) => {
        const prepared =
          done.get(file) ??
          prepareCertificate(file, preparer).then(
            (chosen): Prepared => ({ blob: chosen.file, name: chosen.kind === 'image' ? preparedName(chosen.name) : chosen.name }),
            () => Promise.reject(refused()),
          );
        done.set(file, prepared);
        return prepared;
      }),
    );
}

export function createConversationLogic({ api, preparer, owner, onUnread, onStarted }: ConversationDeps) {
  const prepare = preparedFiles(preparer);
  const form = async (input: SendInput) => {
    const body = new FormData();
    if (!input.conversationId && input.about) {
      body.append('subjectKind', input.about.kind);
      body.append('subjectId', input.about.id);
    }
    if (input.text.trim()) body.append('text', input.text);
    (await prepare(input.files)).forEach((file, i) => body.append(attachmentField(i + 1), file.blob, file.name));
    return body;
  };
  const keepDraft = ({ context }: { context: ConversationContext }) => {
    const key = draftKey(owner, context.conversationId, context.about);
    if (context.draft === '') storage.remove(key);
    else storage.set(key, context.draft, { session: true, ttlMs: DRAFT_TTL_MS });
  };
  return conversationMachine.provide({
    actors: {
      loadConversation: fromPromise<ConversationLoaded, Pick<SendInput, 'conversationId' | 'about'>>(async ({ input, signal }) => {
        // Read after the answer: the page that sent a new conversation's first message may still have been on screen
        // when this one was made, and what was typed there meanwhile is kept under this conversation's key.
        const draft = () => readDraft(owner, input.conversationId, input.about);
        if (input.conversationId) {
          const conversation = await api.unwrap(
            api.client.GET('/user/me/conversations/{conversation}', { params: { path: { conversation: input.conversationId } }, signal }),
          );
          return { conversation, subject: conversation.subject, draft: draft() };
        }
        if (!input.about) return { conversation: null, subject: null, draft: draft() };
        const subject = await api.unwrap(
          api.client.GET('/user/me/conversation-subjects/{kind}/{id}', { params: { path: { kind: input.about.kind, id: input.about.id } }, signal }),
        );
        return { conversation: null, subject, draft: draft() };
      }),
      sendMessage: fromPromise<SendOutcome, SendInput>(async ({ input, signal }) => {
        const body = await form(input);
        if (!input.conversationId) {
          const started = await api.unwrap(api.client.POST('/user/me/conversations', { body: {}, bodySerializer: () => body, signal }));
          return { started };
        }
        const message = await api.unwrap(
          api.client.POST('/user/me/conversations/{conversation}/messages', {
            params: { path: { conversation: input.conversationId } },
            body: {},
            bodySerializer: () => body,
            signal,
          }),
        );
        return { message };
      }),
    },
    actions: {
      storeDraft: keepDraft,
      markRead: ({ context }) => {
        if (!context.conversationId) return;
        void api
          .unwrap(api.client.POST('/user/me/conversations/{conversation}/read', { params: { path: { conversation: context.conversationId } }, body: {} }))
          .then(({ unread }) => onUnread(unread))
          .catch(() => undefined);
      },
      showStarted: ({ context }) => {
        // The new conversation's draft was kept under its thing: forgotten, now that the message is sent.
        storage.remove(draftKey(owner, null, context.about));
        if (context.conversationId) onStarted(context.conversationId);
      },
    },
  });
}
