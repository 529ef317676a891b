import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { AgencyHours, ConversationList } from '#domain/api-schema.ts';
import type { Api } from '../api/client.ts';
import { ConversationsListScreen } from '../features/conversations/conversations-list-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { setConversationsUnread } from './-conversation-count.ts';

/** The worker's conversations (their unread count to the menu) and the office hours; each null when it could not be read. */
export async function loadConversations(api: Api): Promise<{ list: ConversationList | null; hours: AgencyHours | null }> {
  const [list, hours] = await Promise.all([
    api
      .unwrap(api.client.GET('/user/me/conversations'))
      .then((read) => {
        setConversationsUnread(read.unread);
        return read;
      })
      .catch(() => null),
    api.unwrap(api.client.GET('/user/me/agency-hours')).catch(() => null),
  ]);
  return { list, hours };
}

export const Route = createFileRoute('/conversations/')({
  loader: ({ context }) => loadConversations(context.api),
  codeSplitGroupings: [['loader', 'component']],
  component: ConversationsRoute,
});

function ConversationsRoute() {
  useLocale();
  const { list, hours } = Route.useLoaderData();
  const router = useRouter();
  return <ConversationsListScreen list={list} hours={hours} onRetry={() => void router.invalidate()} />;
}
