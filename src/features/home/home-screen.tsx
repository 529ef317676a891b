/**
 * The home screen (spec §2 Home): its title and the session's notices. The planning summary and the calls to
 * action are their own component (home-summary.tsx), mounted below the notices.
 */
import type { ReactNode } from 'react';
import type { mailRequestMachine } from '../../../machines/mail-request.machine.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionActor } from '../../router-context.ts';
import { Page } from '../../ui/page.tsx';
import { HomeNotices } from './home-notices.tsx';

/** `children`: the summary, below the notices. */
export type HomeScreenProps = { session: SessionActor; mailLogic: typeof mailRequestMachine; children?: ReactNode };

export function HomeScreen({ session, mailLogic, children }: HomeScreenProps) {
  useLocale();
  return (
    <Page title={m.home_title()}>
      <HomeNotices session={session} mailLogic={mailLogic} />
      {children}
    </Page>
  );
}
