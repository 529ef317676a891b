/**
 * The offers' interactions for the bench (inp.ts): opening the list from the menu, and accepting an offer (the
 * confirmation's button: the answer, the missions, the focused outcome). Each run has its own worker and offer (an
 * offer is accepted once). The interaction budget of requirements §11 applies to both.
 */
import type { Locator, Page } from '@playwright/test';
import { backoffice, createWorker, signIn } from '../../e2e/support/workers.ts';

type Request = Parameters<typeof createWorker>[0];
export type OfferScenario = { name: string; prepare(page: Page): Promise<string | null>; run(page: Page): Promise<number> };
type Measure = (page: Page, target: Locator, done: () => Promise<unknown>) => Promise<number>;
type Probe = (locator: Locator, missing: string) => Promise<string | null>;

const day = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + days * 86_400_000));

/** A worker signed in with one open offer (and its id). */
async function withOffer(request: Request, page: Page): Promise<string> {
  const worker = await createWorker(request, { stage: 'approved' });
  const { offer } = await backoffice<{ offer: string }>(
    request,
    'POST',
    '/offers',
    {
      reference: 'BENCH-OFFER',
      job: 'steward',
      shortLocation: 'Forest National',
      hourlyWageCents: 1600,
      places: 2,
      answerBy: new Date(Date.now() + 26 * 3_600_000).toISOString(),
      shifts: [
        { date: day(4), start: '18:00', end: '23:00' },
        { date: day(5), start: '22:00', end: '06:00' },
      ],
      workers: [worker.email],
    },
    201,
  );
  await signIn(page, worker);
  return offer;
}

export function offerScenarios(request: Request, measure: Measure, probe: Probe): OfferScenario[] {
  const menuEntry = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /^Offres/ });
  const dialogButton = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Oui, je prends la place' });
  return [
    {
      name: 'open the offers list (menu entry)',
      async prepare(page) {
        await withOffer(request, page);
        await page.goto('/home');
        return probe(menuEntry(page), 'the offers are not in this build');
      },
      run: (page) => measure(page, menuEntry(page), () => page.locator('[data-offer]').first().waitFor({ timeout: 30_000 })),
    },
    {
      name: 'accept an offer (confirm the shifts)',
      async prepare(page) {
        const offer = await withOffer(request, page);
        await page.goto(`/offers?offer=${offer}`);
        const missing = await probe(page.getByRole('button', { name: 'Accepter' }), 'the offers are not in this build');
        if (missing) return missing;
        await page.getByRole('button', { name: 'Accepter' }).click();
        return probe(dialogButton(page), 'the offer has no confirmation dialog');
      },
      run: (page) => measure(page, dialogButton(page), () => page.locator('[data-outcome="accepted"]').waitFor({ timeout: 30_000 })),
    },
  ];
}
