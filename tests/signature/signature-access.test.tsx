// @vitest-environment jsdom
/**
 * §6: freelancers get neither the signature screen nor contract signing. The gate of §5 does not know it; the
 * access table's rule for the two pages sends them home with a warning, before any call of the screen (the pure
 * rule for every account: tests/machines/page-access.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { m } from '../../src/paraglide/messages.js';
import { toasts } from '../../src/ui/toast-store.ts';
import { cannedFetch, infoHandler, renderRoute, testApi, USER } from './render-route.tsx';
import { CURRENT_MONTH_AVAILABILITY } from '../support/render-app.tsx';

afterEach(() => act(() => toasts.clear()));

describe.each(['/user/manage-signature', '/digital-signing'])('%s', (path) => {
  it('a freelancer lands on /home with the warning, and the screen asked nothing of the server', async () => {
    const canned = cannedFetch({
      ...infoHandler({ statute: 3 }),
      // Where the freelancer lands: the home summary reads the next missions, the certificates still due, this month's availabilities, the offers and the hours to confirm (no contracts for a freelancer).
      'GET /user/me/upcoming-planning': () => ({ json: [] }),
      'GET /user/me/absences': () => ({ json: [] }),
      [`GET ${CURRENT_MONTH_AVAILABILITY.path}`]: () => ({ json: CURRENT_MONTH_AVAILABILITY.json }),
      'GET /user/me/offers': () => ({ json: [] }),
      'GET /user/me/hours/summary': () => ({ json: { toConfirm: 0, nextDeadline: null, confirmWindowHours: 48, studentYear: null } }),
      // The bell's count, read after every page a signed-in worker opens (src/routes/-notification-count.ts).
      'GET /user/me/notifications/unread': () => ({ json: { unread: 0 } }),
      'GET /user/me/conversations/unread': () => ({ json: { unread: 0 } }),
    });
    const { router } = await renderRoute({ path, api: testApi(canned.fetch), user: { ...USER, statute: 3 } });
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(m.home_title());
    expect(toasts.getSnapshot()).toEqual([expect.objectContaining({ type: 'warning', key: 'signature_notForFreelancers' })]);
    expect(
      canned.calls
        .map((c) => c.path)
        .filter(
          (p) =>
            ![
              '/user/me/info',
              '/user/me/upcoming-planning',
              '/user/me/offers',
              '/user/me/absences',
              '/user/me/hours/summary',
              '/user/me/notifications/unread',
              '/user/me/conversations/unread',
              CURRENT_MONTH_AVAILABILITY.path,
            ].includes(p),
        ),
    ).toEqual([]);
  });

  it.each([1, 2] as const)('statute %i opens it', async (statute) => {
    const canned = cannedFetch({
      ...infoHandler({ statute, signatureStatus: 'none' }),
      'GET /user/me/signature': () => ({ json: { value: null, status: 0 } }),
    });
    const { router } = await renderRoute({ path, api: testApi(canned.fetch), user: { ...USER, statute } });
    expect(router.state.location.pathname).toBe(path);
    expect(toasts.getSnapshot()).toEqual([]);
  });
});
