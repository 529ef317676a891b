/**
 * The notices of the home screen (spec §2 Home), as the session's info says (machines/session.selectors.ts
 * `homeNotices`): the details file incomplete (with a link to it), the file under review, the e-mail not validated
 * (with a button that mails the validation link again: machines/mail-request.machine.ts, kind 'emailValidation').
 */
import { Link } from '@tanstack/react-router';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { mailRequestMachine } from '../../../machines/mail-request.machine.ts';
import { homeNotices } from '../../../machines/session.selectors.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionActor } from '../../router-context.ts';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import * as s from './home-notices.css.ts';
import { devInspect } from '../../dev/inspector.ts';

export type HomeNoticesProps = { session: SessionActor; mailLogic: typeof mailRequestMachine };

export function HomeNotices({ session, mailLogic }: HomeNoticesProps) {
  const notices = useSelector(session, homeNotices, shallowEqual);
  return (
    <div className={s.notices}>
      {notices.detailsIncomplete ? (
        <Banner type="warning">
          {m.home_detailsIncomplete()}{' '}
          <Link to="/employee-details" className={s.action}>
            {m.home_detailsLink()}
          </Link>
        </Banner>
      ) : null}
      {notices.detailsUnderReview ? <Banner type="info">{m.home_detailsUnderReview()}</Banner> : null}
      {notices.emailNotValidated ? <EmailNotValidated logic={mailLogic} /> : null}
    </div>
  );
}

function EmailNotValidated({ logic }: { logic: typeof mailRequestMachine }) {
  const actor = useActorRef(logic, { input: { kind: 'emailValidation' }, ...devInspect });
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  return (
    <Banner type="warning">
      {m.home_emailNotValidated()}{' '}
      <Button variant="secondary" className={s.action} loading={busy} onClick={() => actor.send({ type: 'mail.request' })}>
        {m.home_resendEmail()}
      </Button>
    </Banner>
  );
}
