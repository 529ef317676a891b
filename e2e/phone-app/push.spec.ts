/**
 * A push reaches the portal's own service worker (docs/decisions/240-service-worker.md, 254-notifications-in-the-portal.md):
 * delivered with the DevTools protocol (Chromium here cannot reach a push service), the worker's push handler
 * (src/service-worker/push.ts, installed by src/sw/sw.ts) shows it as the server sent it: its title, body, the tag that
 * collapses news of one thing, and the deep link its click opens; a push it cannot read still shows a notification, in
 * the phone's language. What the click does is tests/service-worker/push.test.ts: no protocol command clicks one.
 */
import type { CDPSession, Page } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { serviceWorkerInControl } from '../support/phone-app.ts';
import { m } from '../../src/paraglide/messages.js';

// The service worker is this file's subject: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

type Shown = { title: string; body: string; tag: string; data: unknown };

/** The notifications the worker's registration shows now. */
const shown = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown })),
  );

/** The registration id of the worker controlling `origin`, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted && registration.scopeURL === `${origin}/`);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('a push delivered to the service worker shows its notification, the later news of one thing replacing the earlier', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.goto('/login');
  await serviceWorkerInControl(page);
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp, origin);
  const push = (data: unknown) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: typeof data === 'string' ? data : JSON.stringify(data) });

  const offer = {
    id: 'e1',
    kind: 'offer',
    title: 'Nouvelle offre',
    body: 'Serveur · samedi 14:00',
    url: '/offers?offer=12',
    tag: 'offer-12',
    icon: '/icons/icon-192.png',
  };
  await push(offer);
  await expect
    .poll(() => shown(page))
    .toEqual([{ title: offer.title, body: offer.body, tag: 'offer-12', data: { url: '/offers?offer=12', id: 'e1', kind: 'offer' } }]);

  // News of the same offer replaces it; a link outside the portal is never followed: the list instead.
  await push({ ...offer, id: 'e2', body: 'Serveur · samedi 15:00', url: 'https://elsewhere.example/' });
  await expect
    .poll(() => shown(page))
    .toEqual([{ title: offer.title, body: 'Serveur · samedi 15:00', tag: 'offer-12', data: { url: '/notifications', id: 'e2', kind: 'offer' } }]);

  // A push it cannot read still says something, in the phone's language (Playwright's fr-BE).
  await push('not json');
  await expect
    .poll(async () => (await shown(page)).map(({ title, tag }) => ({ title, tag })))
    .toEqual(expect.arrayContaining([{ title: m.push_fallbackTitle({}, { locale: 'fr' }), tag: '' }]));
});
