/**
 * Conversations as the contract shows them: the worker's list and one conversation (openapi.yaml `Conversation`,
 * `ConversationSummary`), and the agency's (`BackofficeConversationSummary`, waiting longest first).
 */
import type {
  BackofficeConversationSummary,
  Conversation,
  ConversationAuthor,
  ConversationList,
  ConversationMessage,
  ConversationStatus,
  ConversationSubject,
} from '#domain/api-schema.ts';
import type { Queryable } from '../storage/db.ts';
import { messagesOf, unreadConversations, type ConversationRow } from './conversations.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const PREVIEW = 120;

/** The messages of a conversation (or just one of them), in order, with their attachments. */
export async function messageViews(db: Queryable, conversationId: string, only: string | null = null): Promise<ConversationMessage[]> {
  const { messages, attachments } = await messagesOf(db, conversationId, only);
  const byMessage = new Map<string, ConversationMessage['attachments']>();
  for (const a of attachments) {
    const list = byMessage.get(a.message_id) ?? [];
    list.push({ id: a.id, name: a.name, mediaType: a.media_type, size: Number(a.size) });
    byMessage.set(a.message_id, list);
  }
  return messages.map((m) => ({
    id: m.id,
    author: m.author,
    authorName: m.author_name,
    text: m.body,
    sentAt: iso(m.sent_at),
    attachments: byMessage.get(m.id) ?? [],
  }));
}

export async function conversationView(db: Queryable, row: ConversationRow): Promise<Conversation> {
  return {
    id: row.id,
    status: row.status,
    subject: row.subject,
    startedAt: iso(row.started_at),
    unread: row.unread_since !== null,
    messages: await messageViews(db, row.id),
  };
}

type SummaryRow = ConversationRow & { last_author: ConversationAuthor; last_body: string };

const preview = (text: string) => ([...text].length > PREVIEW ? `${[...text].slice(0, PREVIEW - 1).join('')}…` : text);

/** The worker's conversations, the latest first (200 at most), and how many have a reply they have not read. */
export async function conversationList(db: Queryable, workerId: string): Promise<ConversationList> {
  const rows = await db.query<SummaryRow>(
    `SELECT c.id, c.worker_id, c.subject, c.status, c.started_at, c.last_message_at, c.waiting_since, c.unread_since,
       l.author AS last_author, l.body AS last_body
     FROM conversations c
     JOIN LATERAL (SELECT author, body FROM conversation_messages m WHERE m.conversation_id = c.id ORDER BY seq DESC LIMIT 1) l ON true
     WHERE c.worker_id = $1 ORDER BY c.last_message_at DESC, c.id LIMIT 200`,
    [workerId],
  );
  return {
    unread: await unreadConversations(db, workerId),
    items: rows.map((r) => ({
      id: r.id,
      status: r.status,
      subject: r.subject,
      startedAt: iso(r.started_at),
      lastMessageAt: iso(r.last_message_at),
      lastAuthor: r.last_author,
      preview: preview(r.last_body),
      unread: r.unread_since !== null,
    })),
  };
}

type AgencyRow = {
  id: string;
  status: ConversationStatus;
  subject: ConversationSubject | null;
  started_at: Date;
  last_message_at: Date;
  waiting_since: Date | null;
  email: string;
  first_name: string;
  last_name: string;
  messages: number;
};

const AGENCY_SELECT = `SELECT c.id, c.status, c.subject, c.started_at, c.last_message_at, c.waiting_since, w.email, w.first_name, w.last_name,
    (SELECT count(*)::int FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages
  FROM conversations c JOIN workers w ON w.id = c.worker_id`;

const agencySummary = (r: AgencyRow): BackofficeConversationSummary => ({
  id: r.id,
  worker: { email: r.email, name: `${r.first_name} ${r.last_name}`.trim() },
  status: r.status,
  subject: r.subject,
  startedAt: iso(r.started_at),
  lastMessageAt: iso(r.last_message_at),
  waitingSince: r.waiting_since ? iso(r.waiting_since) : null,
  messages: r.messages,
});

/** Not closed (or all): the one waiting longest first, then the others by their last message, newest first. */
export async function agencyList(db: Queryable, all: boolean): Promise<BackofficeConversationSummary[]> {
  const rows = await db.query<AgencyRow>(
    `${AGENCY_SELECT} WHERE ($1 OR c.status <> 'closed')
     ORDER BY c.waiting_since ASC NULLS LAST, c.last_message_at DESC, c.id LIMIT 500`,
    [all],
  );
  return rows.map(agencySummary);
}

export async function agencySummaryOf(db: Queryable, id: string): Promise<BackofficeConversationSummary | null> {
  const [row] = await db.query<AgencyRow>(`${AGENCY_SELECT} WHERE c.id = $1`, [id]);
  return row ? agencySummary(row) : null;
}
