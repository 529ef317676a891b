/**
 * Conversations with the agency, the worker's side (tag conversations; docs/decisions/270-conversations.md). Every
 * conversation, message, attachment and thing is looked for among the worker's own: another worker's answers 404 and
 * nothing changes. Attachments go through the certificate's checks (services/conversation-files.ts) before anything
 * is stored; a repeated send with the same Idempotency-Key is answered by the router's kept answer (decision 210).
 */
import type {
  AgencyHours,
  Conversation,
  ConversationList,
  ConversationMessage,
  ConversationSubject,
  ConversationSubjectKind,
  ConversationUnread,
} from '#domain/api-schema.ts';
import { CONVERSATION_ATTACHMENTS_MAX, CONVERSATION_KEYS, CONVERSATION_TEXT_MAX, attachmentField, cleanText, officeOpen } from '#domain/conversations.ts';
import { downloadName } from '#domain/download-names.ts';
import { agencyOf } from '../config.ts';
import { prepareAttachment, type AttachmentRefusal, type StoredAttachment } from '../services/conversation-files.ts';
import { ownSubject } from '../services/conversation-subjects.ts';
import { conversationList, conversationView, messageViews } from '../services/conversation-views.ts';
import {
  addWorkerMessage,
  attachmentBytes,
  conversationRow,
  markConversationRead,
  startConversation,
  unreadConversations,
  type NewMessage,
} from '../services/conversations.ts';
import { fileResponse } from './documents.ts';
import { ApiFailure, badRequest, invalid, notFound } from './errors.ts';
import { me } from './guards.ts';
import { readMultipart } from './multipart.ts';
import type { AnyRequest, Operations } from './operation.ts';

const FILE_FIELDS = new Set(Array.from({ length: CONVERSATION_ATTACHMENTS_MAX }, (_, i) => attachmentField(i + 1)));

type Form = { fields: Record<string, string>; files: Array<{ position: number; file: File }> };

/** The multipart form (read as every upload is: ./multipart.ts): its text fields and up to three files, each under its own attachmentN field; anything else is malformed. */
async function readForm(req: AnyRequest): Promise<Form> {
  const form = await readMultipart(req);
  const fields: Record<string, string> = {};
  const files: Form['files'] = [];
  const seen = new Set<string>();
  for (const [key, value] of form.entries()) {
    if (seen.has(key)) throw badRequest();
    seen.add(key);
    if (FILE_FIELDS.has(key)) {
      if (typeof value === 'string') throw badRequest();
      files.push({ position: Number(key.slice('attachment'.length)), file: value });
    } else if (typeof value !== 'string' || value.includes('\u0000')) throw badRequest();
    else fields[key] = value;
  }
  files.sort((a, b) => a.position - b.position);
  return { fields, files };
}

/** Checks the text fields against the form's schema; the text's length first, with its own code. */
function checkFields(req: AnyRequest, schema: 'ConversationStartForm' | 'ConversationMessageForm', form: Form): string {
  const text = cleanText(form.fields.text ?? '');
  if ([...text].length > CONVERSATION_TEXT_MAX) throw new ApiFailure(413, 'conversation_message_too_long');
  const validate = req.deps.contract.schema(schema);
  if (!validate(form.fields)) throw badRequest();
  if (text === '' && form.files.length === 0) throw invalid([{ path: 'text', key: CONVERSATION_KEYS.empty }]);
  return text;
}

const REFUSALS: Record<AttachmentRefusal, () => ApiFailure> = {
  tooLarge: () => new ApiFailure(413, 'conversation_attachment_too_large'),
  type: () => new ApiFailure(415, 'conversation_attachment_type'),
  damaged: () => new ApiFailure(415, 'image_damaged'),
  tooManyPixels: () => new ApiFailure(413, 'image_too_large'),
  tooComplex: () => new ApiFailure(413, 'file_too_complex'),
};

async function messageOf(req: AnyRequest, text: string, form: Form): Promise<NewMessage> {
  const attachments: StoredAttachment[] = [];
  for (const { file } of form.files) {
    const prepared = await prepareAttachment(new Uint8Array(await file.arrayBuffer()), file.name, req.deps.config.imageMaxEdge);
    if (typeof prepared === 'string') throw REFUSALS[prepared]();
    attachments.push(prepared);
  }
  return { text, attachments };
}

async function ownConversation(req: AnyRequest, id: string) {
  const row = await conversationRow(req.deps.db, id, me(req).id);
  if (!row) throw notFound();
  return row;
}

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;

export async function attachmentResponse(req: AnyRequest, found: { name: string; mediaType: string; bytes: Uint8Array } | null): Promise<Response> {
  if (!found) throw notFound();
  const extension = EXTENSIONS[found.mediaType as keyof typeof EXTENSIONS];
  return fileResponse(req.c, found.bytes, found.mediaType, downloadName(found.name.replace(/\.[A-Za-z0-9]{1,5}$/, ''), [], extension));
}

export const conversationOperations = {
  getAgencyHours: {
    async handle(req) {
      const agency = agencyOf(req.deps.config);
      return req.c.json<AgencyHours>({
        days: agency.officeHours,
        answerWithinHours: agency.answerWithinHours,
        openNow: officeOpen(agency.officeHours, req.now),
      });
    },
  },
  getConversationSubject: {
    async handle(req) {
      const subject = await ownSubject(req.deps.db, me(req).id, req.params.kind, req.params.id, req.now);
      if (!subject) throw notFound('conversation_subject_unknown');
      return req.c.json<ConversationSubject>(subject);
    },
  },
  listConversations: {
    async handle(req) {
      return req.c.json<ConversationList>(await conversationList(req.deps.db, me(req).id));
    },
  },
  getUnreadConversations: {
    async handle(req) {
      return req.c.json<ConversationUnread>({ unread: await unreadConversations(req.deps.db, me(req).id) });
    },
  },
  startConversation: {
    async handle(req) {
      const worker = me(req);
      const form = await readForm(req);
      const text = checkFields(req, 'ConversationStartForm', form);
      const { subjectKind, subjectId } = form.fields;
      if ((subjectKind === undefined) !== (subjectId === undefined)) throw badRequest();
      // The thing first: another worker's is refused before a file is read.
      const subject = subjectKind ? await ownSubject(req.deps.db, worker.id, subjectKind as ConversationSubjectKind, subjectId!, req.now) : null;
      if (subjectKind && !subject) throw notFound('conversation_subject_unknown');
      const id = await startConversation(req.deps.db, worker, subject, await messageOf(req, text, form), req.now);
      const row = await conversationRow(req.deps.db, id, worker.id);
      return req.c.json<Conversation>(await conversationView(req.deps.db, row!), 201);
    },
  },
  getConversation: {
    async handle(req) {
      return req.c.json<Conversation>(await conversationView(req.deps.db, await ownConversation(req, req.params.conversation)));
    },
  },
  sendConversationMessage: {
    async handle(req) {
      const worker = me(req);
      const form = await readForm(req);
      const text = checkFields(req, 'ConversationMessageForm', form);
      await ownConversation(req, req.params.conversation);
      const id = await addWorkerMessage(req.deps.db, worker, req.params.conversation, await messageOf(req, text, form), req.now);
      if (!id) throw notFound();
      const [message] = await messageViews(req.deps.db, req.params.conversation, id);
      return req.c.json<ConversationMessage>(message!, 201);
    },
  },
  markConversationRead: {
    async handle(req) {
      const worker = me(req);
      if (!(await markConversationRead(req.deps.db, worker.id, req.params.conversation))) throw notFound();
      return req.c.json<ConversationUnread>({ unread: await unreadConversations(req.deps.db, worker.id) });
    },
  },
  downloadConversationAttachment: {
    async handle(req) {
      const { conversation, attachment } = req.params;
      return attachmentResponse(req, await attachmentBytes(req.deps.db, conversation, attachment, me(req).id));
    },
  },
} satisfies Partial<Operations>;
