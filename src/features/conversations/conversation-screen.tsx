/**
 * One conversation with the agency, or a new one (docs/decisions/270-conversations.md): what it is about, the messages
 * in order with their author and time, then the composer (the office hours before it, a text, up to three photos or
 * PDFs). The draft stays through a failed send or a lost network (machines/conversation.machine.ts).
 */
import { memo, useDeferredValue, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { AgencyHours, ConversationMessage } from '#domain/api-schema.ts';
import { CONVERSATION_ATTACHMENTS_MAX, CONVERSATION_KEYS, CONVERSATION_TEXT_MAX } from '#domain/conversations.ts';
import * as c from '../../../machines/conversation.selectors.ts';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { DownloadButton } from '../../ui/download-button.tsx';
import { TextareaField } from '../../ui/field.tsx';
import { Page } from '../../ui/page.tsx';
import { AgencyHoursNote } from './agency-hours.tsx';
import * as s from './conversations.css.ts';
import { SubjectCard } from './subject-card.tsx';

const PROBLEM: Record<string, () => string> = {
  [CONVERSATION_KEYS.tooLong]: m.conversation_textTooLong,
  [CONVERSATION_KEYS.empty]: m.conversation_textEmpty,
  [CONVERSATION_KEYS.tooManyFiles]: m.conversation_tooManyFiles,
};
/** The refusals a worker can act on, in their words; anything else is the generic sentence. */
const FAILURE: Record<string, () => string> = {
  conversation_message_too_long: m.apiError_conversation_message_too_long,
  conversation_attachment_type: m.apiError_conversation_attachment_type,
  conversation_attachment_too_large: m.apiError_conversation_attachment_too_large,
  conversation_subject_unknown: m.apiError_conversation_subject_unknown,
};

export type ConversationScreenProps = {
  actor: c.ConversationActor;
  hours: AgencyHours | null;
  download: (conversation: string, attachment: string, name: string) => Promise<unknown>;
};

/** The messages drawn with the page when a conversation opens (a phone's screens and more); the rest come just after. */
const FIRST_MESSAGES = 30;

export function ConversationScreen({ actor, hours, download }: ConversationScreenProps) {
  const locale = useLocale();
  // Each part read on its own: typing in the composer changes the draft, never these, so the messages stay as drawn.
  const conversation = useSelector(actor, c.conversationOf);
  const subject = useSelector(actor, c.subjectOf);
  const isNew = useSelector(actor, (snap) => c.conversationIdOf(snap) === null);
  const loading = useSelector(actor, c.isLoading);
  const failed = useSelector(actor, c.loadFailed);
  const title = isNew ? m.conversation_newTitle() : m.conversation_title();
  if (loading) return <Page title={title}>{null}</Page>;
  if (failed)
    return (
      <Page title={title}>
        <div className={s.panel}>
          <p className={s.problem}>{m.conversation_loadFailed()}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'conversation.retry' })}>
            {m.conversations_retry()}
          </Button>
        </div>
        <p>
          <Link to="/conversations">{m.conversation_back()}</Link>
        </p>
      </Page>
    );
  return (
    <Page title={title}>
      <p>
        <Link to="/conversations">{m.conversation_back()}</Link>
      </p>
      {subject ? <SubjectCard subject={subject} locale={locale} /> : null}
      {conversation && conversation.messages.length > 0 ? (
        <MessageList conversationId={conversation.id} messages={conversation.messages} locale={locale} download={download} />
      ) : null}
      <Composer actor={actor} hours={hours} />
    </Page>
  );
}

/**
 * The messages, oldest first. Kept apart (memo) from the composer: a keystroke re-renders the field, not 200 messages.
 * The first FIRST_MESSAGES (the top of the page, what the screen shows) are drawn with it, the others just after in a
 * transition (`useDeferredValue`), below what is in view: opening a long conversation does not build every message
 * inside the tap (§11, 100 ms at 4× CPU), and nothing the worker sees moves.
 */
const MessageList = memo(function MessageList({
  conversationId,
  messages,
  locale,
  download,
}: {
  conversationId: string;
  messages: readonly ConversationMessage[];
  locale: ReturnType<typeof useLocale>;
  download: ConversationScreenProps['download'];
}) {
  const shown = useDeferredValue(messages.length, Math.min(FIRST_MESSAGES, messages.length));
  const when = (iso: string) => formatDate(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Brussels' }, new Date(iso));
  const author = (message: ConversationMessage) =>
    message.author === 'worker' ? m.conversation_you() : message.authorName ? message.authorName : m.conversation_agency();
  return (
    <ol className={s.list} aria-label={m.conversation_messagesTitle()} data-testid="conversation-messages">
      {messages.slice(0, shown).map((message) => (
        <li key={message.id} className={s.message} data-author={message.author}>
          <p className={s.muted}>{m.conversation_sentBy({ author: author(message), time: when(message.sentAt) })}</p>
          {message.text ? <p className={s.messageText}>{message.text}</p> : null}
          {message.attachments.length > 0 ? (
            <ul className={s.files}>
              {message.attachments.map((file) => (
                <li key={file.id}>
                  <DownloadButton variant="quiet" download={() => download(conversationId, file.id, file.name)}>
                    {file.name}
                  </DownloadButton>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
});

function Composer({ actor, hours }: { actor: c.ConversationActor; hours: AgencyHours | null }) {
  const locale = useLocale();
  const snapshot = useSelector(actor, (snap) => snap);
  const draft = c.draftOf(snapshot);
  const files = c.filesOf(snapshot);
  const problem = c.problemOf(snapshot);
  const sending = c.isSending(snapshot);
  // The conversation's own page is replacing this one: nothing sent from here meanwhile (decision 272).
  const leaving = c.isHandedOver(snapshot);
  const failure = c.failureOf(snapshot);
  const send = (event: FormEvent) => {
    event.preventDefault();
    actor.send(c.sendFailed(snapshot) || c.isOffline(snapshot) ? { type: 'conversation.retry' } : { type: 'conversation.send' });
  };
  return (
    <form onSubmit={send} noValidate className={s.panel} aria-labelledby="composer-title">
      <h2 id="composer-title" className={s.heading}>
        {m.conversation_write()}
      </h2>
      <AgencyHoursNote hours={hours} locale={locale} />
      {c.sendFailed(snapshot) ? (
        <p role="alert" className={s.problem} data-testid="conversation-failed">
          {m.conversation_failed({ reason: (failure && FAILURE[failure]?.()) || m.conversation_failedGeneric() })}
        </p>
      ) : null}
      {c.isOffline(snapshot) ? (
        <p role="alert" className={s.problem} data-testid="conversation-offline">
          {m.conversation_offline()}
        </p>
      ) : null}
      <TextareaField
        id="conversation-text"
        label={m.conversation_yourMessage()}
        hint={m.conversation_textHint({ max: CONVERSATION_TEXT_MAX, files: CONVERSATION_ATTACHMENTS_MAX })}
        error={problem ? PROBLEM[problem]?.() : undefined}
        value={draft}
        rows={5}
        // Read-only whenever the machine takes no text (sending, handed over): its rule, not restated here.
        readOnly={!c.canEdit(snapshot)}
        onChange={(event) => actor.send({ type: 'conversation.type', text: event.target.value })}
      />
      {files.length > 0 ? (
        <ul className={s.files} aria-label={m.conversation_attached()}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name}{' '}
              <Button variant="quiet" disabled={sending} onClick={() => actor.send({ type: 'conversation.remove', index })}>
                {m.conversation_remove({ name: file.name })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {c.canAttach(snapshot) && files.length < CONVERSATION_ATTACHMENTS_MAX ? (
        <p>
          <label htmlFor="conversation-files">{m.conversation_attach()}</label>{' '}
          <input
            id="conversation-files"
            type="file"
            className={s.fileInput}
            accept="image/jpeg,image/png,application/pdf"
            multiple
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])];
              event.target.value = '';
              if (chosen.length > 0) actor.send({ type: 'conversation.attach', files: chosen });
            }}
          />
        </p>
      ) : null}
      <div className={s.actions}>
        <Button type="submit" loading={sending} disabled={leaving}>
          {c.sendFailed(snapshot) || c.isOffline(snapshot) ? m.conversation_retry() : m.conversation_send()}
        </Button>
      </div>
    </form>
  );
}
