// @vitest-environment jsdom
/**
 * Spec §6 beyond the route gate: new accounts do not get availabilities, planning or documents; freelancers do
 * not get documents. The pure rule, then the real router: home with a warning, or the page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { accountRule } from '../../src/routes/-account-access.ts';
import { m } from '../../src/paraglide/messages.js';
import { toasts } from '../../src/ui/toast-store.ts';
import { renderApp, sessionViews } from '../support/render-app.tsx';

const PAGES = ['/availabilities', '/planning', '/documents'];

describe('accountRule', () => {
  it.each([
    [{ newAccount: false, freelance: false }, [true, true, true]],
    [{ newAccount: false, freelance: true }, [true, true, false]],
    [{ newAccount: true, freelance: false }, [false, false, false]],
    [{ newAccount: true, freelance: true }, [false, false, false]],
  ])('%j: availabilities, planning, documents allowed = %j', (facts, allowed) => {
    expect(PAGES.map((page) => accountRule(page, facts).allow)).toEqual(allowed);
  });

  it('says why, with the server’s own words, and lets every other page through', () => {
    expect(accountRule('/planning', { newAccount: true, freelance: false })).toEqual({ allow: false, redirect: '/home', warning: 'apiError_account_not_approved' });
    expect(accountRule('/Documents/', { newAccount: false, freelance: true })).toEqual({ allow: false, redirect: '/home', warning: 'apiError_freelance_not_allowed' });
    for (const path of ['/home', '/employee-details', '/digital-signing', '/documentsx', '/']) expect(accountRule(path, { newAccount: true, freelance: true }).allow).toBe(true);
  });
});

describe('in the router', () => {
  afterEach(() => act(() => toasts.clear()));

  // The pure rule above covers every combination; here one refusal of each kind and the pages next to them.
  const view = (name: string) => sessionViews.find((s) => s.name === name)!;
  const cases = [
    { ...view('signed in, new account, Employee'), path: '/availabilities' },
    { ...view('signed in, new account, Student'), path: '/planning' },
    { ...view('signed in, new account, Freelance'), path: '/documents' },
    { ...view('signed in, approved account, Freelance'), path: '/documents' },
    { ...view('signed in, approved account, Freelance'), path: '/planning' },
    { ...view('signed in, approved account, Student'), path: '/documents' },
  ];

  it.each(cases)('$name opens $path', async ({ view, path }) => {
    if (!view.signedIn) throw new Error('signed in only');
    const refused = view.newAccount || (view.statute === 3 && path === '/documents');
    const { router } = await renderApp({ path, view });
    expect(router.state.location.pathname).toBe(refused ? '/home' : path);
    const warnings = toasts.getSnapshot().filter((t) => t.type === 'warning');
    if (!refused) expect(warnings).toEqual([]);
    else {
      const key = view.newAccount ? 'apiError_account_not_approved' : 'apiError_freelance_not_allowed';
      expect(warnings).toEqual([expect.objectContaining({ key })]);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(m.home_title());
    }
  });
});
