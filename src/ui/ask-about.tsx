/**
 * "Ask about this": the link that opens a new question to the agency about one thing the worker sees (a payslip, a
 * mission, an offer, a day of hours, an absence report), the thing attached and shown (docs/decisions/270-conversations.md).
 */
import { Link } from '@tanstack/react-router';
import type { ConversationSubjectKind } from '#domain/api-schema.ts';
import { m } from '../paraglide/messages.js';

export function AskAbout({ kind, id, what, className }: { kind: ConversationSubjectKind; id: string; what: string; className?: string }) {
  return (
    <Link to="/conversations/new" search={{ kind, id }} className={className} aria-label={m.conversation_askAboutThis({ what })} data-ask-about={kind}>
      {m.conversation_askAbout()}
    </Link>
  );
}
