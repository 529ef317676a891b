// @vitest-environment jsdom
/**
 * Adding a page to the access table (machines/page-access.ts) is all it takes: with a fixture page added to the
 * table and nothing else changed, the pure gate, the real router (its one guard) and the real shell's menu agree
 * on it, for each account; and a count a feature supplies shows beside its entry. The consumers read the table
 * itself: none holds a copy that would miss the fixture.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type * as PageAccess from '../../machines/page-access.ts';
import { routeGate } from '../../machines/route-gate.ts';
import { homeNotices, menu } from '../../machines/session.selectors.ts';
import { m } from '../../src/paraglide/messages.js';
import { menuCounts } from '../../src/ui/menu-counts.ts';
import { toasts } from '../../src/ui/toast-store.ts';
import { renderApp, testSession, type TestAccount } from '../support/render-app.tsx';

const FIXTURE = '/fixture-page';

// The table as a feature would leave it: one more line. Added before any consumer module is evaluated.
vi.mock('../../machines/page-access.ts', async (importOriginal) => {
  const table = await importOriginal<typeof PageAccess>();
  const page: PageAccess.PageRule = {
    path: '/fixture-page',
    opensIn: table.PAST_THE_GATE,
    refuses: [{ who: 'freelancer', sendTo: table.HOME, warning: 'apiError_freelance_not_allowed' }],
    // Between the planning (30) and the documents (40); an existing label: the shell maps each label once.
    menu: { in: 'main', order: 35, label: 'nav_planning' },
  };
  (table.PAGES as unknown as PageAccess.PageRule[]).push(page);
  return table;
});

const employee: TestAccount = { signedIn: true, username: 'Ada Lovelace', newAccount: false, statute: 1 };
const freelancer: TestAccount = { signedIn: true, username: 'Ada Lovelace', newAccount: false, statute: 3 };

afterEach(() =>
  act(() => {
    toasts.clear();
    menuCounts.clear();
  }),
);

describe('a page added to the table', () => {
  it('the pure gate: the four rules of §5, then the page’s own refusal', () => {
    const at = (stage: Parameters<typeof routeGate>[1]['stage'], account = { newAccount: false, freelancer: false }) =>
      routeGate({ pathname: FIXTURE, href: `${FIXTURE}?x=1` }, { stage, account });
    expect(at('signedOut')).toEqual({ allow: false, redirect: '/login', rememberReturnUrl: `${FIXTURE}?x=1` });
    expect(at('policiesRequired')).toEqual({ allow: false, redirect: '/policies', warning: 'general_policiesNotAgreedTo' });
    expect(at('detailsRequired')).toEqual({ allow: false, redirect: '/employee-details', warning: 'general_employeeDetailsNotComplete' });
    expect(at('detailsUnderReview')).toEqual({ allow: true });
    expect(at('open')).toEqual({ allow: true });
    expect(at('open', { newAccount: false, freelancer: true })).toEqual({ allow: false, redirect: '/home', warning: 'apiError_freelance_not_allowed' });
  });

  it('the session’s menu lists it in its place for those it does not refuse', async () => {
    const paths = async (account: TestAccount) => menu((await testSession(account)).getSnapshot()).main.map((page) => page.path);
    expect(await paths(employee)).toEqual([
      '/home',
      '/availabilities',
      '/planning',
      '/offers',
      '/hours',
      FIXTURE,
      '/documents',
      '/conversations',
      '/employee-details',
    ]);
    expect(await paths(freelancer)).toEqual(['/home', '/availabilities', '/planning', '/offers', '/hours', '/conversations', '/employee-details']);
  });

  it('the home notices are the same as without it', async () => {
    const session = await testSession(employee);
    expect(homeNotices(session.getSnapshot())).toEqual({
      detailsIncomplete: false,
      detailsUnderReview: false,
      emailNotValidated: false,
      planningSummary: 'open',
      availabilitySummary: 'open',
      offersSummary: 'open',
      hoursSummary: 'open',
      certificateReminder: 'open',
      documentsToSign: 'open',
      signatureStatus: 'open',
    });
    session.stop();
  });

  it('the router opens it to an employee, and the shell’s menu links to it', async () => {
    const { router } = await renderApp({ path: FIXTURE, view: employee });
    expect(router.state.location.pathname).toBe(FIXTURE);
    const nav = screen.getByRole('navigation', { name: m.shell_mainNav() });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/home', '/availabilities', '/planning', '/offers', '/hours', FIXTURE, '/documents', '/conversations', '/employee-details']);
    expect(toasts.getSnapshot()).toEqual([]);
  });

  it('the router sends a freelancer home with the page’s warning, and the menu has no entry for it', async () => {
    const { router } = await renderApp({ path: FIXTURE, view: freelancer });
    expect(router.state.location.pathname).toBe('/home');
    expect(toasts.getSnapshot()).toEqual([expect.objectContaining({ type: 'warning', key: 'apiError_freelance_not_allowed' })]);
    const nav = screen.getByRole('navigation', { name: m.shell_mainNav() });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).not.toContain(FIXTURE);
  });

  it('the router sends a signed-out visitor to the login, remembering the page', async () => {
    const { router } = await renderApp({ path: FIXTURE });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: FIXTURE });
  });

  it('shows the count its feature supplies beside the entry, and none once it is cleared', async () => {
    await renderApp({ path: '/home', view: employee });
    const link = () =>
      within(screen.getByRole('navigation', { name: m.shell_mainNav() }))
        .getAllByRole('link')
        .find((a) => a.getAttribute('href') === FIXTURE)!;
    expect(link().textContent).toBe(m.nav_planning());
    act(() => menuCounts.set(FIXTURE, 3));
    // The badge's digit is hidden from assistive technology; the name says it in words.
    const nav = screen.getByRole('navigation', { name: m.shell_mainNav() });
    expect(
      within(nav)
        .getByRole('link', { name: `${m.nav_planning()} ${m.shell_menuCount({ count: 3 })}` })
        .getAttribute('href'),
    ).toBe(FIXTURE);
    expect(link().textContent).toBe(`${m.nav_planning()} 3${m.shell_menuCount({ count: 3 })}`);
    act(() => menuCounts.set(FIXTURE, 0));
    expect(link().textContent).toBe(m.nav_planning());
  });
});
