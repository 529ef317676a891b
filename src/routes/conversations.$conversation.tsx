import { createFileRoute } from '@tanstack/react-router';
import { useLocale } from '../i18n/locale.ts';
import { ConversationPage, readAgencyHours } from './-conversation-page.tsx';

export const Route = createFileRoute('/conversations/$conversation')({
  loader: ({ context }) => readAgencyHours(context.api),
  codeSplitGroupings: [['loader', 'component']],
  component: ConversationRoute,
});

function ConversationRoute() {
  useLocale();
  const { api, session } = Route.useRouteContext();
  const { conversation } = Route.useParams();
  const hours = Route.useLoaderData();
  // A new actor for another conversation (the machine reads its input once).
  return <ConversationPage key={conversation} api={api} session={session} conversationId={conversation} about={null} hours={hours} />;
}
