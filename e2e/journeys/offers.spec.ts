/**
 * An offer as a worker meets it on a 390 px phone: the home card, the list, the offer with its shift, accept with a
 * confirmation naming the shift, the mission on /planning and in the calendar feed; a second worker who opens the
 * same offer afterwards sees it filled.
 */
import type { Offer } from '#domain/api-schema.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { dropNextAnswer } from '../support/held-network.ts';
import { backoffice, createWorker, signIn, type Worker } from '../support/workers.ts';

const fr = { locale: 'fr' as const };
/** A calendar day `days` from today in Brussels (YYYY-MM-DD). */
const dayFromToday = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + days * 86_400_000));

test.use({ viewport: { width: 390, height: 844 } });

test('the last place of an offer: seen on the home and the list, accepted, on /planning and in the feed; filled for the next worker', async ({
  page,
  browser,
}) => {
  const [first, second] = await Promise.all([createWorker(page.request), createWorker(page.request)]);
  const offer = await backoffice<{ offer: string }>(
    page.request,
    'POST',
    '/offers',
    {
      reference: 'GALA-E2E',
      job: 'waiter',
      shortLocation: 'Palais 12',
      location1: 'Avenue de Miramar',
      hourlyWageCents: 1550,
      briefing: 'Tenue noire, chaussures fermées.',
      places: 1,
      answerBy: new Date(Date.now() + 26 * 3_600_000).toISOString(),
      shifts: [{ date: dayFromToday(5), start: '18:00', end: '23:00' }],
      workers: [first.email, second.email],
    },
    201,
  );

  await signIn(page, first);
  await page.goto('/home');
  // On a phone the menu opens from its button; the offers' entry says how many are open, in words too.
  const menuButton = page.getByRole('button', { name: m.shell_menuButton({}, fr) });
  await menuButton.click();
  const nav = page.getByRole('navigation', { name: m.shell_mainNav({}, fr) });
  await expect(nav.getByRole('link', { name: `${m.nav_offers({}, fr)} ${m.shell_menuCount({ count: 1 }, fr)}` })).toBeVisible();
  await menuButton.click();
  const card = page.getByRole('region', { name: m.offers_homeTitle({}, fr) });
  await expect(card).toContainText('Offres ouvertes : 1');
  await card.getByRole('link', { name: m.offers_homeLink({}, fr) }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.offers_title({}, fr));
  const listed = page.locator(`[data-offer="${offer.offer}"]`);
  await expect(listed).toContainText("15,50 € brut de l'heure");
  await expect(listed).toContainText('Dernière place (sur 1)');
  await expect(listed).toContainText(/Avant .* \(dans 1\sjour et 1\sheure\)/);
  await listed.getByRole('link', { name: 'Serveur / serveuse à Palais 12' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Serveur / serveuse à Palais 12');
  await expect(page.getByText('Tenue noire, chaussures fermées.')).toBeVisible();
  await page.getByRole('button', { name: m.offers_accept({}, fr) }).click();
  const dialog = page.getByRole('dialog', { name: m.offers_acceptTitle({}, fr) });
  await expect(dialog.getByRole('listitem')).toHaveText([/, 18:00 – 23:00$/]);
  await expectAccessible(page, 'the confirmation naming the shift');
  await dialog.getByRole('button', { name: m.offers_acceptConfirm({}, fr) }).click();
  const outcome = page.locator('[data-outcome="accepted"]');
  await expect(outcome).toBeFocused();
  await expect(outcome).toContainText(m.offers_acceptedText({}, fr));
  // Nothing open any more: the menu's entry has no count.
  await menuButton.click();
  await expect(nav.getByRole('link', { name: m.nav_offers({}, fr), exact: true })).toBeVisible();
  await menuButton.click();

  // The mission is on the planning at once, and in the calendar feed with its own UID.
  await outcome.getByRole('link', { name: m.offers_toPlanning({}, fr) }).click();
  await expect(page.getByRole('region', { name: 'Missions à venir' }).getByRole('heading', { level: 4 })).toHaveText(['18:00 – 23:00 · GALA-E2E']);
  const [mission] = ((await (await page.request.get(`/api/user/me/offers/${offer.offer}`, { headers: bearer(first) })).json()) as Offer).missions;
  const feed = (await (await page.request.post('/api/user/me/calendar-feed', { headers: bearer(first), data: {} })).json()) as { url: string };
  expect(await (await fetch(feed.url)).text()).toContain(`UID:mission-${mission}@`);

  // The second worker opens the same offer afterwards: filled, nothing to accept.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-BE', timezoneId: 'Europe/Brussels' });
  const late = await context.newPage();
  await signIn(late, second);
  await late.goto(`/offers?offer=${offer.offer}`);
  await expect(late.locator('[data-outcome="filled"]')).toContainText(m.offers_filledText({}, fr));
  await expect(late.getByRole('button', { name: m.offers_accept({}, fr) })).toHaveCount(0);
  await expectAccessible(late, 'a filled offer');
  await context.close();
});

const bearer = (worker: Worker) => ({ Authorization: `Bearer ${worker.token}` });

/** An offer of one shift sent to `worker` alone. */
const offerFor = async (request: Parameters<typeof createWorker>[0], worker: Worker) =>
  (
    await backoffice<{ offer: string }>(
      request,
      'POST',
      '/offers',
      {
        reference: 'LOST-ANSWER',
        job: 'hostess',
        shortLocation: 'Expo',
        hourlyWageCents: 1500,
        places: 2,
        answerBy: new Date(Date.now() + 26 * 3_600_000).toISOString(),
        shifts: [{ date: dayFromToday(6), start: '09:00', end: '13:00' }],
        workers: [worker.email],
      },
      201,
    )
  ).offer;

test.describe('an answer whose reply is lost', () => {
  // The dropped answer is a reset connection, which the browser logs.
  test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

  const answers = [
    { answer: 'accept', open: m.offers_accept({}, fr), confirm: m.offers_acceptConfirm({}, fr), outcome: 'accepted', reason: null },
    { answer: 'decline', open: m.offers_decline({}, fr), confirm: m.offers_declineConfirm({}, fr), outcome: 'declined', reason: 'Examens cette semaine' },
  ] as const;
  for (const { answer, open, confirm, outcome, reason } of answers) {
    test(`${answer}: the server did it once; retrying reads the offer and shows the answer kept`, async ({ page }) => {
      const worker = await createWorker(page.request);
      const offer = await offerFor(page.request, worker);
      await signIn(page, worker);
      await page.goto(`/offers?offer=${offer}`);
      const lost = await dropNextAnswer(page, { method: 'POST', path: `/api/user/me/offers/${offer}/${answer}` });
      await page.getByRole('button', { name: open }).click();
      const dialog = page.getByRole('dialog');
      if (reason) await dialog.getByRole('textbox', { name: m.offers_reasonLabel({}, fr) }).fill(reason);
      await dialog.getByRole('button', { name: confirm }).click();
      expect((await lost.served).status).toBe(200);
      // The page cannot know the answer arrived: it says so, and offers to look again (not to answer again).
      const failed = page.locator('[data-outcome="failed"]');
      await expect(failed).toContainText(m.offers_failedText({}, fr));
      await failed.getByRole('button', { name: m.offers_retry({}, fr) }).click();
      await expect(page.locator(`[data-outcome="${outcome}"]`)).toBeVisible();
      const kept = await backoffice<{ answers: Array<{ answer: string; reason: string | null; missions: unknown[] }> }>(
        page.request,
        'GET',
        `/offers/${offer}`,
      );
      expect(kept.answers).toEqual([expect.objectContaining({ answer: outcome, reason, missions: answer === 'accept' ? [expect.anything()] : [] })]);
    });
  }
});
