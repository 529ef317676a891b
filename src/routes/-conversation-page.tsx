/**
 * The conversation page's actor, for /conversations/<id> and /conversations/new (machines/conversation.machine.ts with
 * src/actors/conversations.ts): the image preparation loaded with the first photo chosen (as the absence page's), the
 * draft kept for this tab read with the load (docs/decisions/272-conversation-drafts.md), the browser's `online` event given to
 * the machine so that an unanswered send goes again.
 */
import { useEffect, useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import type { AgencyHours } from '#domain/api-schema.ts';
import type { SubjectRef } from '../../machines/conversation.types.ts';
import { accountEmail } from '../../machines/session.selectors.ts';
import { createConversationLogic } from '../actors/conversations.ts';
import type { ImagePreparer } from '../actors/image-prepare.ts';
import type { Api } from '../api/client.ts';
import { devInspect } from '../dev/inspector.ts';
import { ConversationScreen } from '../features/conversations/conversation-screen.tsx';
import type { RouterContext } from '../router-context.ts';
import { setConversationsUnread } from './-conversation-count.ts';

export const readAgencyHours = (api: Api): Promise<AgencyHours | null> => api.unwrap(api.client.GET('/user/me/agency-hours')).catch(() => null);

type Props = Pick<RouterContext, 'api' | 'session'> & { conversationId: string | null; about: SubjectRef | null; hours: AgencyHours | null };

export function ConversationPage({ api, session, conversationId, about, hours }: Props) {
  const navigate = useNavigate();
  const preparation = useMemo(() => {
    let started: Promise<ImagePreparer> | null = null;
    return {
      get: () => (started ??= import('../actors/image-prepare.ts').then((module) => module.createImagePreparer())),
      dispose: () => void started?.then((preparer) => preparer.dispose()),
    };
  }, []);
  useEffect(() => preparation.dispose, [preparation]);
  const owner = accountEmail(session.getSnapshot());
  const logic = useMemo(
    () =>
      createConversationLogic({
        api,
        preparer: preparation.get,
        owner,
        onUnread: setConversationsUnread,
        onStarted: (id) => void navigate({ to: '/conversations/$conversation', params: { conversation: id }, replace: true }),
      }),
    [api, preparation, owner, navigate],
  );
  const actor = useActorRef(logic, { input: { conversationId, about }, ...devInspect });
  useEffect(() => {
    const online = () => actor.send({ type: 'conversation.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);
  return <ConversationScreen actor={actor} hours={hours} download={api.downloads.conversationAttachment} />;
}
