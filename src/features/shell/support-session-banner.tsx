/**
 * While an agency's support session (impersonation) runs, every page says so at its top, in a live region (read
 * out when it appears), with a button that ends it: the same logout as the user menu's (the token is revoked on the
 * server, nothing is left in the browser). Whether one runs is the session's to say (`isSupportSession`).
 */
import { m } from '../../paraglide/messages.js';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';

export function SupportSessionBanner({ username, onEnd }: { username: string; onEnd: () => void }) {
  return (
    <div role="status" data-testid="support-session">
      <Banner type="warning">
        {m.shell_supportSession({ name: username })}{' '}
        <Button variant="secondary" onClick={onEnd}>
          {m.shell_supportSessionEnd()}
        </Button>
      </Banner>
    </div>
  );
}
