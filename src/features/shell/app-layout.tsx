/**
 * The shell around every screen: skip link, header (with the menu button on phones), the sidebar (menu, user
 * menu, language switcher), the query-string banners, the screen, the footer, toasts and the loading overlay.
 *
 * It calls useLocale(): a language switch re-renders the shell in place (docs/decisions/020-…).
 *
 * The router renders it around every route (`InnerWrap`, src/router.tsx), so it is on the page before the router has
 * resolved one: the frame of a prerendered signed-in page (docs/decisions/100-prerendered-pages.md) and the same
 * shell once the screen comes, one element tree, nothing remounted.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { keepsAnswers } from '../../kept/page-kept.ts';
import * as keptNoteStyle from '../../ui/kept-note.css.ts';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { overlay } from '../../ui/overlay-store.ts';
import { PagePlaceholder } from '../../ui/page-placeholder.tsx';
import { toasts } from '../../ui/toast-store.ts';
import { useToasterWanted } from '../../ui/use-toaster-wanted.ts';
import { useHydrated } from '../../prerender/hydration.ts';
import { useLogout, useSessionView } from './session-view.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { MainMenu } from './main-menu.tsx';
import { isPublicPath } from '../../../machines/page-access.ts';
import { BellPlace, NotificationBell } from './notification-bell.tsx';
import { QueryBanners } from './query-banners.tsx';
import { SupportSessionBanner } from './support-session-banner.tsx';
import * as s from './shell.css.ts';

// The note of the kept copies (src/ui/kept-note.tsx) comes with them: a chunk loaded for a remembered sign-in only
// (docs/decisions/241-kept-answers.md), the same empty live region until then.
const KeptNote = lazy(() => import('../../ui/kept-note.tsx'));
const NO_KEPT_NOTE = <p aria-live="polite" className={keptNoteStyle.note} />;

const UserMenu = lazy(() => import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })));
// Radix Toast (with its collection and dismissable layer) is ~13 KB gzip that a first load never needs: it loads on
// the worker's first key or touch, or with the first toast (use-toaster-wanted.ts), which waits in the store till then.
const Toaster = lazy(() => import('../../ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

export function AppLayout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const view = useSessionView();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  // No screen yet: the frame of a signed-in page, prerendered and then waiting for the session and the first screen's
  // data. Its placeholder holds the place (page-placeholder.tsx); later navigations keep the screen they leave.
  const noScreenYet = useRouterState({ select: (state) => state.matches.length === 0 });
  // Toasts are shown by the browser only: none in a prerendered page, none while React hydrates it.
  const hydrated = useHydrated();
  // A signed-in page before the session is known (its prerendered frame, the stored sign-in being read): the bell's
  // place is held, so that the bell does not push the header's end sideways when it comes (a layout shift). While
  // React hydrates a frame it is there as prerendered, on whatever path the frame answers (the fallback frame is
  // hydrated on `/`, a conversation's path, a public page asked with a banner); after, only on a signed-in path.
  const signedInPage = useRouterState({ select: ({ location }) => !isPublicPath(location.pathname) });
  const bellPlace = !view.signedIn && view.pending === true && (!hydrated || signedInPage);
  const toasterWanted = useToasterWanted(toasts);
  const closeMenu = () => setMenuOpen(false);

  return (
    <div className={s.layout}>
      <a href="#main" className={s.skipLink}>
        {m.shell_skipToContent()}
      </a>
      <header className={s.header}>
        <Link to="/home" className={s.brand}>
          {m.app_name()}
        </Link>
        <div className={s.headerEnd}>
          {view.signedIn ? <NotificationBell onNavigate={closeMenu} /> : bellPlace ? <BellPlace /> : null}
          <button type="button" className={s.menuToggle} aria-expanded={menuOpen} aria-controls="sidebar" onClick={() => setMenuOpen((open) => !open)}>
            {m.shell_menuButton()}
          </button>
        </div>
      </header>
      {/* A landmark of its own, named as the button that opens it on a phone: the user menu and the language switcher
          are in it, not outside every landmark. */}
      <section id="sidebar" aria-label={m.shell_menuButton()} className={s.sidebar} data-open={menuOpen}>
        <MainMenu view={view} onNavigate={closeMenu} />
        {view.signedIn ? (
          <Suspense fallback={null}>
            <UserMenu view={view} onLogout={logout} onNavigate={closeMenu} />
          </Suspense>
        ) : null}
        <LanguageSwitcher />
      </section>
      <main id="main" className={s.main} tabIndex={-1} aria-busy={loading || noScreenYet || undefined}>
        {view.signedIn && view.supportSession ? <SupportSessionBanner username={view.username} onEnd={logout} /> : null}
        <QueryBanners />
        {noScreenYet ? <PagePlaceholder /> : null}
        {children}
        {/* Placed above the screen's top right corner (out of the flow); last, so that the screen comes first. */}
        {/* As prerendered (no copies at build time) while React hydrates the page; its own after. */}
        {hydrated && keepsAnswers() ? (
          <Suspense fallback={NO_KEPT_NOTE}>
            <KeptNote />
          </Suspense>
        ) : (
          NO_KEPT_NOTE
        )}
      </main>
      <footer className={s.footer}>
        <p className={s.footerText}>{m.shell_footerText()}</p>
        <p className={s.footerText}>
          <Link to="/accessibility" className={s.footerLink}>
            {m.shell_accessibilityLink()}
          </Link>
        </p>
        {/* The name a deploy gave its build (PORTAL_BUILD): what support asks a worker to read out (decision 240). */}
        {__PORTAL_BUILD__ ? <p className={s.footerText}>{m.shell_version({ build: __PORTAL_BUILD__ })}</p> : null}
      </footer>
      {hydrated && toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster store={toasts} />
        </Suspense>
      ) : null}
      <LoadingOverlay store={overlay} />
    </div>
  );
}
