import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import type { SubjectRef } from '../../machines/conversation.types.ts';
import { useLocale } from '../i18n/locale.ts';
import { ConversationPage, readAgencyHours } from './-conversation-page.tsx';

const KINDS = ['mission', 'offer', 'hoursDay', 'absence', 'document'] as const;
/** `?kind=&id=`: the thing "Ask about this" names; anything else reads as none (a general question). */
const newSearch = v.object({
  kind: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => ((KINDS as readonly unknown[]).includes(value) ? (value as SubjectRef['kind']) : undefined)),
    ),
  ),
  id: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'string' && /^[A-Za-z0-9_-]{1,60}$/.test(value) ? value : undefined)),
    ),
  ),
});

export const Route = createFileRoute('/conversations/new')({
  validateSearch: newSearch,
  loader: ({ context }) => readAgencyHours(context.api),
  codeSplitGroupings: [['loader', 'component']],
  component: NewConversationRoute,
});

function NewConversationRoute() {
  useLocale();
  const { api, session } = Route.useRouteContext();
  const { kind, id } = Route.useSearch();
  const hours = Route.useLoaderData();
  const about = kind && id ? { kind, id } : null;
  return <ConversationPage key={`${kind}:${id}`} api={api} session={session} conversationId={null} about={about} hours={hours} />;
}
