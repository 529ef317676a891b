/**
 * What a conversation needs done on the clock, found by each scan of the push loop (server/services/push-service.ts)
 * rather than scheduled (docs/decisions/270-conversations.md, 271-conversation-privacy.md):
 *  - an agency reply still unread an hour after it came is mailed to the worker, in their language, with a link: once
 *    per unread reply (the row is claimed by the UPDATE that marks it mailed, so several instances send it once);
 *  - a conversation whose last message is older than the retention is erased with its messages and files.
 */
import { CONVERSATION_RETENTION_DAYS, UNREAD_REPLY_MAIL_AFTER_MS } from '#domain/conversations.ts';
import type { Locale } from '#domain/api-schema.ts';
import type { Db } from '../storage/db.ts';
import type { Mail, Mailer } from './mail.ts';

const LIMIT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

type Claimed = { id: string; email: string; first_name: string; last_name: string; locale: Locale; reference: string | null };

export function unreadReplyMail(row: Claimed, publicUrl: string): Mail {
  return {
    to: row.email,
    locale: row.locale,
    kind: row.reference ? 'conversationReplyAbout' : 'conversationReply',
    params: {
      name: `${row.first_name} ${row.last_name}`.trim(),
      reference: row.reference ?? '',
      link: `${publicUrl}/conversations/${row.id}?lang=${row.locale}`,
    },
  };
}

/** Mails the replies unread for an hour or more and not mailed yet; answers how many. */
export async function mailUnreadReplies(db: Db, mailer: Mailer, publicUrl: string, now: Date): Promise<number> {
  const claimed = await db.transaction((tx) =>
    tx.query<Claimed>(
      `UPDATE conversations c SET reply_mailed_for = c.unread_since FROM workers w
       WHERE w.id = c.worker_id AND c.id IN (
         SELECT id FROM conversations WHERE unread_since IS NOT NULL AND unread_since <= $1
           AND reply_mailed_for IS DISTINCT FROM unread_since ORDER BY unread_since LIMIT ${LIMIT} FOR UPDATE SKIP LOCKED)
       RETURNING c.id, w.email, w.first_name, w.last_name, w.locale, c.subject->>'reference' AS reference`,
      [new Date(now.getTime() - UNREAD_REPLY_MAIL_AFTER_MS)],
    ),
  );
  for (const row of claimed) await mailer.send(unreadReplyMail(row, publicUrl));
  return claimed.length;
}

/** Erases the conversations whose last message is older than the retention; answers how many. */
export async function purgeOldConversations(db: Db, now: Date): Promise<number> {
  const gone = await db.query<{ id: string }>('DELETE FROM conversations WHERE last_message_at < $1 RETURNING id', [
    new Date(now.getTime() - CONVERSATION_RETENTION_DAYS * DAY_MS),
  ]);
  return gone.length;
}

/** One scan: the mails due, then the purge. */
export async function conversationRound(db: Db, mailer: Mailer, publicUrl: string, now: Date): Promise<void> {
  await mailUnreadReplies(db, mailer, publicUrl, now);
  await purgeOldConversations(db, now);
}
