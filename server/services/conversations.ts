/**
 * Conversations as stored (migration 013, docs/decisions/270-conversations.md): a worker's message makes the
 * conversation wait for the agency; the agency's reply answers it and leaves it unread for the worker until they open
 * it. Every read and change of a worker's conversation names the worker: another worker's is simply not found.
 */
import type { ConversationAuthor, ConversationStatus, ConversationSubject } from '#domain/api-schema.ts';
import type { Queryable } from '../storage/db.ts';
import type { StoredAttachment } from './conversation-files.ts';
import { randomId } from './crypto.ts';

export type ConversationRow = {
  id: string;
  worker_id: string;
  subject: ConversationSubject | null;
  status: ConversationStatus;
  started_at: Date;
  last_message_at: Date;
  waiting_since: Date | null;
  unread_since: Date | null;
};

export type MessageRow = { id: string; author: ConversationAuthor; author_name: string; body: string; sent_at: Date };
export type AttachmentRow = { id: string; message_id: string; name: string; media_type: StoredAttachment['mediaType']; size: number };
export type NewMessage = { text: string; attachments: readonly StoredAttachment[] };

const COLUMNS = 'c.id, c.worker_id, c.subject, c.status, c.started_at, c.last_message_at, c.waiting_since, c.unread_since';

/** One of the worker's conversations (`workerId` null: the agency's view, any worker's); `lock` holds it for a change. */
export async function conversationRow(db: Queryable, id: string, workerId: string | null, lock = false): Promise<ConversationRow | null> {
  const [row] = await db.query<ConversationRow>(
    `SELECT ${COLUMNS} FROM conversations c WHERE c.id = $1 AND ($2::text IS NULL OR c.worker_id = $2)${lock ? ' FOR UPDATE' : ''}`,
    [id, workerId],
  );
  return row ?? null;
}

async function insertMessage(db: Queryable, conversationId: string, author: ConversationAuthor, authorName: string, message: NewMessage, now: Date) {
  const id = `cm${randomId(14)}`;
  await db.query('INSERT INTO conversation_messages (id, conversation_id, author, author_name, body, sent_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    conversationId,
    author,
    authorName,
    message.text,
    now,
  ]);
  for (const [index, file] of message.attachments.entries())
    await db.query(
      `INSERT INTO conversation_attachments (id, message_id, conversation_id, position, name, media_type, bytes, sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [`ca${randomId(14)}`, id, conversationId, index + 1, file.name, file.mediaType, file.bytes, file.sha256],
    );
  return id;
}

/** A new conversation with the worker's first message: it waits for the agency. */
export async function startConversation(
  db: Queryable,
  worker: { id: string; first_name: string },
  subject: ConversationSubject | null,
  message: NewMessage,
  now: Date,
) {
  const id = `c${randomId(15)}`;
  await db.query(
    `INSERT INTO conversations (id, worker_id, subject_kind, subject_id, subject, status, started_at, last_message_at, waiting_since)
     VALUES ($1, $2, $3, $4, $5::jsonb, 'waiting', $6, $6, $6)`,
    [id, worker.id, subject?.kind ?? null, subject?.id ?? null, subject ? JSON.stringify(subject) : null, now],
  );
  await insertMessage(db, id, 'worker', worker.first_name, message, now);
  return id;
}

/** The worker writes again: the conversation waits (since its first message not answered), a closed one opens again. */
export async function addWorkerMessage(db: Queryable, worker: { id: string; first_name: string }, conversationId: string, message: NewMessage, now: Date) {
  const row = await conversationRow(db, conversationId, worker.id, true);
  if (!row) return null;
  const id = await insertMessage(db, row.id, 'worker', worker.first_name, message, now);
  await db.query(
    `UPDATE conversations SET status = 'waiting', waiting_since = coalesce(waiting_since, $2), last_message_at = $2, closed_at = NULL WHERE id = $1`,
    [row.id, now],
  );
  return id;
}

/** The agency answers: answered, and unread for the worker since the first reply they have not read. */
export async function addAgencyReply(db: Queryable, conversationId: string, text: string, authorName: string, now: Date) {
  const row = await conversationRow(db, conversationId, null, true);
  if (!row) return null;
  const id = await insertMessage(db, row.id, 'agency', authorName, { text, attachments: [] }, now);
  await db.query(
    `UPDATE conversations SET status = 'answered', waiting_since = NULL, unread_since = coalesce(unread_since, $2), last_message_at = $2, closed_at = NULL
     WHERE id = $1`,
    [row.id, now],
  );
  return { row, messageId: id };
}

/** Answered or closed by the agency; the same status again changes nothing. */
export async function setConversationStatus(db: Queryable, conversationId: string, status: 'answered' | 'closed', now: Date): Promise<boolean> {
  const changed = await db.query<{ id: string }>(
    `UPDATE conversations SET status = $2, waiting_since = NULL, closed_at = CASE WHEN $2 = 'closed' THEN coalesce(closed_at, $3) ELSE NULL END
     WHERE id = $1 RETURNING id`,
    [conversationId, status, now],
  );
  return changed.length > 0;
}

/** The worker has read it; false when it is not theirs. */
export async function markConversationRead(db: Queryable, workerId: string, conversationId: string): Promise<boolean> {
  const found = await db.query<{ id: string }>('UPDATE conversations SET unread_since = NULL WHERE id = $1 AND worker_id = $2 RETURNING id', [
    conversationId,
    workerId,
  ]);
  return found.length > 0;
}

export async function unreadConversations(db: Queryable, workerId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations WHERE worker_id = $1 AND unread_since IS NOT NULL', [workerId]);
  return row?.n ?? 0;
}

export async function messagesOf(db: Queryable, conversationId: string, only: string | null = null) {
  const messages = await db.query<MessageRow>(
    `SELECT id, author, author_name, body, sent_at FROM conversation_messages WHERE conversation_id = $1 AND ($2::text IS NULL OR id = $2) ORDER BY seq`,
    [conversationId, only],
  );
  const attachments = await db.query<AttachmentRow>(
    `SELECT id, message_id, name, media_type, octet_length(bytes) AS size FROM conversation_attachments
     WHERE conversation_id = $1 AND ($2::text IS NULL OR message_id = $2) ORDER BY message_id, position`,
    [conversationId, only],
  );
  return { messages, attachments };
}

/** The stored bytes of an attachment of a conversation (of the worker's, when `workerId` is given). */
export async function attachmentBytes(db: Queryable, conversationId: string, attachmentId: string, workerId: string | null) {
  const [row] = await db.query<{ name: string; media_type: string; bytes: Uint8Array }>(
    `SELECT a.name, a.media_type, a.bytes FROM conversation_attachments a JOIN conversations c ON c.id = a.conversation_id
     WHERE a.id = $1 AND a.conversation_id = $2 AND ($3::text IS NULL OR c.worker_id = $3)`,
    [attachmentId, conversationId, workerId],
  );
  return row ? { name: row.name, mediaType: row.media_type, bytes: new Uint8Array(row.bytes) } : null;
}

/** Erased with its messages and files (a worker's request, docs/decisions/271-conversation-privacy.md). */
export async function eraseConversation(db: Queryable, conversationId: string): Promise<boolean> {
  return (await db.query<{ id: string }>('DELETE FROM conversations WHERE id = $1 RETURNING id', [conversationId])).length > 0;
}
