/**
 * The home screen (spec §2 Home): its title and the session's notices. The planning summary and the calls to
 * action are their own component (home-summary.tsx), mounted below the notices.
 */
import type { ReactNode } from 'react';
import type { MailRequestActor } from '../../../machines/mail-request.selectors.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionActor } from '../../router-context.ts';
import { Page } from '../../ui/page.tsx';
import { HomeConversations } from './home-conversations.tsx';
import { HomeNotices } from './home-notices.tsx';

/** `mailActor`: the e-mail validation request the route started; `children`: the summary, below the notices. */
export type HomeScreenProps = { session: SessionActor; mailActor: MailRequestActor; children?: ReactNode };

export function HomeScreen({ session, mailActor, children }: HomeScreenProps) {
  useLocale();
  return (
    <Page title={m.home_title()}>
      <HomeNotices session={session} mailActor={mailActor} />
      <HomeConversations />
      {children}
    </Page>
  );
}
