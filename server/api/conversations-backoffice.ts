/**
 * The agency's side of conversations (tag backoffice; docs/decisions/270-conversations.md): the open ones, the one
 * waiting longest first, one with its messages, a reply (unread for the worker, a notification, and a mail if it
 * stays unread for an hour: services/conversation-rounds.ts), answered or closed, and erased at the worker's request
 * (docs/decisions/271-conversation-privacy.md).
 */
import type { BackofficeConversation, BackofficeConversationSummary, ConversationMessage } from '#domain/api-schema.ts';
import { cleanText } from '#domain/conversations.ts';
import { agencySummaryOf, agencyList, messageViews } from '../services/conversation-views.ts';
import { addAgencyReply, attachmentBytes, eraseConversation, setConversationStatus } from '../services/conversations.ts';
import { conversationReplyEvent } from '../services/notification-events.ts';
import { attachmentResponse } from './conversations.ts';
import { notFound } from './errors.ts';
import { notify } from './notify.ts';
import type { AnyRequest, Operations } from './operation.ts';

async function summaryOr404(req: AnyRequest, id: string): Promise<BackofficeConversationSummary> {
  const summary = await agencySummaryOf(req.deps.db, id);
  if (!summary) throw notFound();
  return summary;
}

export const conversationBackofficeOperations = {
  backofficeListConversations: {
    async handle(req) {
      return req.c.json<BackofficeConversationSummary[]>(await agencyList(req.deps.db, req.query.status === 'all'));
    },
  },
  backofficeGetConversation: {
    async handle(req) {
      const summary = await summaryOr404(req, req.params.conversation);
      return req.c.json<BackofficeConversation>({ summary, messages: await messageViews(req.deps.db, summary.id) });
    },
  },
  backofficeReplyConversation: {
    rules: ({ body }) => (cleanText(body.text) === '' ? [{ path: 'text', key: 'conversation_textEmpty' }] : []),
    async handle(req) {
      const { body } = req;
      const done = await addAgencyReply(req.deps.db, req.params.conversation, cleanText(body.text), body.authorName?.trim() ?? '', req.now);
      if (!done) throw notFound();
      await notify(req, conversationReplyEvent(done.row.worker_id, { id: done.row.id, reference: done.row.subject?.reference ?? null }, req.now));
      const [message] = await messageViews(req.deps.db, done.row.id, done.messageId);
      return req.c.json<ConversationMessage>(message!, 201);
    },
  },
  backofficeSetConversationStatus: {
    async handle(req) {
      if (!(await setConversationStatus(req.deps.db, req.params.conversation, req.body.status, req.now))) throw notFound();
      return req.c.json<BackofficeConversationSummary>(await summaryOr404(req, req.params.conversation));
    },
  },
  backofficeEraseConversation: {
    async handle(req) {
      if (!(await eraseConversation(req.deps.db, req.params.conversation))) throw notFound();
      return req.c.body(null, 204);
    },
  },
  backofficeDownloadConversationAttachment: {
    async handle(req) {
      const { conversation, attachment } = req.params;
      return attachmentResponse(req, await attachmentBytes(req.deps.db, conversation, attachment, null));
    },
  },
} satisfies Partial<Operations>;
