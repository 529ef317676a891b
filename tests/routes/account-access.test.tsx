// @vitest-environment jsdom
/**
 * Spec §6 beyond the route gate: new accounts do not get availabilities, planning or documents; freelancers do
 * not get documents. The real router: home with a warning, or the page (every combination of the pure rule:
 * tests/machines/page-access.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { m } from '../../src/paraglide/messages.js';
import { toasts } from '../../src/ui/toast-store.ts';
import { renderApp, sessionViews } from '../support/render-app.tsx';

describe('in the router', () => {
  afterEach(() => act(() => toasts.clear()));

  // The pure rule (tests/machines/page-access.test.ts) covers every combination; here one refusal of each kind and the pages next to them.
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
