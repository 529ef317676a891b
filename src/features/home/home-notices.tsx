/**
 * The notices of the home screen (spec §2 Home), as the session's info says (machines/session.selectors.ts
 * `homeNotices`): the details file incomplete (with a link to it), the file under review, the e-mail not validated
 * (with a button that mails the validation link again: machines/mail-request.machine.ts, kind 'emailValidation').
 */
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { isBusy, type MailRequestActor } from '../../../machines/mail-request.selectors.ts';
import { homeNotices } from '../../../machines/session.selectors.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionActor } from '../../router-context.ts';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import * as s from './home-notices.css.ts';

/** `mailActor`: the request (kind 'emailValidation') that mails the validation link again; the route started it. */
export type HomeNoticesProps = { session: SessionActor; mailActor: MailRequestActor };

export function HomeNotices({ session, mailActor }: HomeNoticesProps) {
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
      {notices.emailNotValidated ? <EmailNotValidated actor={mailActor} /> : null}
    </div>
  );
}

function EmailNotValidated({ actor }: { actor: MailRequestActor }) {
  const busy = useSelector(actor, isBusy);
  return (
    <Banner type="warning">
      {m.home_emailNotValidated()}{' '}
      <Button variant="secondary" className={s.action} loading={busy} onClick={() => actor.send({ type: 'mail.request' })}>
        {m.home_resendEmail()}
      </Button>
    </Banner>
  );
}
