/**
 * `/impersonate?token=…` (spec §2, §6): signs in with a one-time token issued by the agency's back-office. The
 * screen sends the token to the session once; the session signs in (never remembered) and goes home. A token
 * that is missing, unknown, used or expired is said so, with a way to the login page.
 *
 * The token never stays in the history: on success the session's navigation replaces this page's entry
 * (src/router.tsx sessionNavigator); a refused token is taken out of the address bar here.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { impersonationFailed } from '../../../machines/session.selectors.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionActor } from '../../router-context.ts';
import { Banner } from '../../ui/banner.tsx';
import { Page } from '../../ui/page.tsx';

export function ImpersonateScreen({ session, token }: { session: SessionActor; token: string | undefined }) {
  useLocale();
  const failed = useSelector(session, impersonationFailed);
  const navigate = useNavigate();
  // The token this page was opened with (the URL loses it below).
  const [asked] = useState(token);
  const sent = useRef(false);
  useEffect(() => {
    // Once per page: a token works only once, and StrictMode runs mount effects twice.
    if (!asked || sent.current) return;
    sent.current = true;
    session.send({ type: 'session.impersonate', token: asked });
  }, [session, asked]);
  useEffect(() => {
    if (failed && token) void navigate({ to: '/impersonate', search: {}, replace: true });
  }, [failed, token, navigate]);

  return (
    <Page title={m.impersonate_title()}>
      {!asked || failed ? (
        <>
          <div role="alert">
            <Banner type="warning">{m.impersonate_failed()}</Banner>
          </div>
          <p>
            <Link to="/login">{m.impersonate_loginLink()}</Link>
          </p>
        </>
      ) : (
        <p role="status" aria-busy="true">
          {m.impersonate_signingIn()}
        </p>
      )}
    </Page>
  );
}
