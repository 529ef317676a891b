/**
 * Change password, signed in (spec §2, §7): one button that asks the server to mail a reset link to the account's
 * address (GET /user/me/reset-password; machines/mail-request.machine.ts, kind 'passwordReset' without e-mail).
 * The link leads to the reset-password screen in token mode.
 */
import { useSelector } from '@xstate/react';
import { hasFailed, isBusy, isSent, type MailRequestActor } from '../../../machines/mail-request.selectors.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import * as s from './auth.css.ts';
import * as f from '../../ui/form.css.ts';

/** `actor`: the mail request of kind 'passwordReset' the route started. */
export function ChangePasswordScreen({ actor, email }: { actor: MailRequestActor; email: string }) {
  useLocale();
  const busy = useSelector(actor, isBusy);
  const sent = useSelector(actor, isSent);
  const failed = useSelector(actor, hasFailed);
  return (
    <Page title={m.changePassword_title()}>
      <p className={f.intro}>{m.changePassword_intro()}</p>
      <Button loading={busy} onClick={() => actor.send({ type: 'mail.request' })}>
        {m.changePassword_send()}
      </Button>
      <div role="status" className={s.status}>
        {sent ? <Banner type="success">{m.changePassword_sent({ email })}</Banner> : null}
      </div>
      {failed ? (
        <div role="alert">
          <Banner type="warning">{m.changePassword_failed()}</Banner>
        </div>
      ) : null}
    </Page>
  );
}
