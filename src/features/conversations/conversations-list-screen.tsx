/**
 * /conversations: the worker's questions to the agency, the latest first, a reply not read marked; the office hours
 * before a new question (docs/decisions/270-conversations.md).
 */
import type { ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AgencyHours, ConversationList } from '#domain/api-schema.ts';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { useTapFirst } from '../../ui/tap-first.ts';
import { AgencyHoursNote } from './agency-hours.tsx';
import * as s from './conversations.css.ts';
import { subjectLine } from './subject-card.tsx';

const STATUS = { waiting: m.conversations_status_waiting, answered: m.conversations_status_answered, closed: m.conversations_status_closed };

export function ConversationsListScreen({ list, hours, onRetry }: { list: ConversationList | null; hours: AgencyHours | null; onRetry: () => void }) {
  const locale = useLocale();
  const when = (iso: string) => formatDate(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Brussels' }, new Date(iso));
  return (
    <Page title={m.conversations_title()}>
      <p className={s.text}>{m.conversations_intro()}</p>
      <AgencyHoursNote hours={hours} locale={locale} />
      <p className={s.actions}>
        <Link to="/conversations/new">{m.conversations_new()}</Link>
      </p>
      {list === null ? (
        <div className={s.panel}>
          <p className={s.problem}>{m.conversations_loadFailed()}</p>
          <Button variant="secondary" onClick={onRetry}>
            {m.conversations_retry()}
          </Button>
        </div>
      ) : list.items.length === 0 ? (
        <p className={s.muted}>{m.conversations_empty()}</p>
      ) : (
        <ul className={s.list} aria-label={m.conversations_title()}>
          {list.items.map((item) => (
            <li key={item.id} className={s.item} data-conversation={item.id} data-unread={item.unread}>
              <ConversationLink id={item.id}>{subjectLine(item.subject)}</ConversationLink>
              {item.unread ? <span className={s.mark}>{m.conversations_unreadMark()}</span> : null}
              <p className={s.messageText}>{item.preview}</p>
              <p className={s.muted}>
                {STATUS[item.status]()} · {when(item.lastMessageAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

/**
 * A conversation, opened tap first (src/ui/tap-first.ts): its page renders up to 30 messages at once, work that would
 * otherwise hold the tap's own frame (§11: 100 ms at 4× CPU).
 */
function ConversationLink({ id, children }: { id: string; children: ReactNode }) {
  const navigate = useNavigate();
  const tap = useTapFirst(() => void navigate({ to: '/conversations/$conversation', params: { conversation: id } }));
  return (
    <Link to="/conversations/$conversation" params={{ conversation: id }} className={s.itemLink} {...tap}>
      {children}
    </Link>
  );
}
