/**
 * Interaction latency at 4× CPU slowdown, as INP counts it: the Event Timing API (PerformanceObserver on 'event'
 * entries, durationThreshold 16 ms, the smallest allowed) collects every event of the interaction, from input to
 * the next paint; the figure is the longest interaction seen. The clicks are the mouse's own (see `measure`).
 * Shorter than 16 ms leaves no entry: reported "< 16".
 * Each scenario runs on a fresh page several times; the median and the worst run are kept.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { addMission, backoffice, createWorker, signIn, workerPath } from '../../e2e/support/workers.ts';
import { stepEntries } from '../../tests/fixtures/worker-data.ts';
import { conversationScenarios } from './conversation-scenarios.ts';
import { offerScenarios } from './offer-scenarios.ts';
import { median, throttle } from './throttle.ts';

/**
 * `budget`: 'design' when §11 sets 100 ms for this interaction; 'none' for one we measure without a budget
 * without a budget (saving the month editor); 'reference' for the floor of input to paint on this machine.
 */
export type Budget = 'design' | 'none' | 'reference';
export type InteractionResult =
  | { name: string; budget: Budget; runs: number[]; median: number; worst: number }
  | { name: string; budget: Budget; unavailable: string };

const TIMEOUT = 30_000;
/** Fresh pages per interaction: enough for a median that one slow run on a shared machine does not move. */
export const RUNS = 7;
/** Longer than any interaction measured takes to paint, even on a loaded machine. */
const SETTLE_MS = 1_000;
/** The pause before the click: about the quickest a person finds and presses a button they have just been shown. */
const BEFORE_CLICK_MS = 500;

/**
 * From now on, the interactions that start after this call. An earlier one (a click of `prepare`) is delivered only
 * once it has painted, which can be after this call: counted, it was timed as the measured click's (a save timed
 * at 664 ms was the prepare's slot click; the save itself took 64 ms).
 */
async function startObserving(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __inp: Array<{ id: number; duration: number }>; __inpObserver?: PerformanceObserver };
    w.__inp = [];
    w.__inpObserver?.disconnect();
    const since = performance.now();
    w.__inpObserver = new PerformanceObserver((list) => {
      // interactionId is in Chromium and the Event Timing spec, not yet in TypeScript's DOM types.
      for (const e of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>)
        if (e.interactionId && e.startTime >= since) w.__inp.push({ id: e.interactionId, duration: e.duration });
    });
    w.__inpObserver.observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

/** The longest interaction since startObserving, once the entries of the last paint have been delivered. */
async function longestInteraction(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => resolve(Math.max(0, ...(window as unknown as { __inp: Array<{ duration: number }> }).__inp.map((e) => e.duration))), 200),
          ),
        ),
      ),
  );
}

/**
 * Until the service worker this fresh context installed is active, its precache of the whole build done (the page
 * registers it after its first paint: docs/decisions/240-service-worker.md). A phone that opens a screen of the portal
 * has had the worker since its first visit; a precache in the background, on the renderer's other thread and the
 * browser's network, only took CPU from the click timed (traced at 4×, inside the month editor's opening). Ten
 * seconds at most: a build without the worker has none to wait for.
 */
async function serviceWorkerSettled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.race([navigator.serviceWorker?.ready.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, 10_000))]));
}

/**
 * Measures a person's click on `target` (the mouse pressed and released at its centre), after `done` shows the screen
 * answered. The target is first made ready as `locator.click()` would (visible, enabled, still, not covered); the
 * click itself goes through `page.mouse`, because `locator.click()` also listens on the page to check where its click
 * landed, and that script of Playwright's would run inside the very interaction being timed.
 */
async function measure(page: Page, target: Locator, done: () => Promise<unknown>): Promise<number> {
  await target.click({ trial: true, timeout: TIMEOUT });
  await serviceWorkerSettled(page);
  // A person reads the screen before clicking: the work a page leaves for when it is idle (effects, the month
  // editor React prepares hidden) is done by then. A click within milliseconds of the target becoming enabled
  // timed the page still finishing its first render, not the interaction.
  await page.waitForTimeout(BEFORE_CLICK_MS);
  const box = await target.boundingBox();
  if (!box) throw new Error(`${target} has no box to click`);
  await startObserving(page);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // Nothing of Playwright's runs in the page until the interaction has painted: `done` queries the page, and a
  // query running before the next frame would be timed as part of the interaction.
  await page.waitForTimeout(SETTLE_MS);
  await done();
  return longestInteraction(page);
}

const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: TIMEOUT });
async function isChecked(locator: Locator, value: boolean) {
  for (let i = 0; i < 300; i++) {
    if ((await locator.isChecked()) === value) return;
    await locator.page().waitForTimeout(20);
  }
  throw new Error(`${locator} did not become ${value ? 'checked' : 'unchecked'}`);
}

type Scenario = {
  name: string;
  /** 'design' unless said otherwise (see Budget). */
  budget?: Budget;
  /** Prepares a page up to the interaction; answers a reason when the screen is not in this build. */
  prepare(page: Page): Promise<string | null>;
  run(page: Page): Promise<number>;
};

async function probe(locator: Locator, missing: string): Promise<string | null> {
  try {
    await locator.waitFor({ state: 'visible', timeout: 15_000 });
    return null;
  } catch {
    return missing;
  }
}

export function scenarios(request: Parameters<typeof createWorker>[0]): Scenario[] {
  const approved = () => createWorker(request, { stage: 'approved' });
  const month = (page: Page) => page.goto('/availabilities?year=2027&month=3');
  const editButton = (page: Page) => page.getByRole('button', { name: 'Modifier tout le mois' });
  const editor = (page: Page) => page.getByRole('dialog', { name: /Disponibilités de mars 2027/ });
  const slot = (page: Page) => editor(page).getByRole('checkbox', { name: 'Matin, lundi 1 mars 2027' });
  const noCalendar = 'the availability calendar is not in this build (/availabilities shows a placeholder title)';
  /** An approved worker signed in on March 2027's calendar; a reason when the calendar is not in this build. */
  const calendar = async (page: Page) => {
    const worker = await approved();
    await signIn(page, worker);
    await month(page);
    return probe(editButton(page), noCalendar);
  };
  /** An approved worker on /hours with one day whose hours the client recorded yesterday. */
  const hoursPage = async (page: Page) => {
    const worker = await approved();
    const { mission } = await addMission(request, worker.email, -1, { reference: 'BENCH-H', hourlyWageCents: 1437 });
    await backoffice(request, 'POST', `${workerPath(worker.email)}/missions/${mission}/hours`, { start: '08:00', end: '15:36', breakMinutes: 30 }, 201);
    await signIn(page, worker);
    await page.goto('/hours');
    return probe(page.getByRole('checkbox', { name: /^Sélectionner/ }), 'the hours page is not in this build');
  };
  const stepOne = (page: Page) => page.getByRole('navigation', { name: 'Étapes de la fiche' }).getByRole('button', { name: /^Coordonnées/ });
  return [
    {
      // The same click on a page with nothing but a button that changes its own text: what input to paint costs on
      // this machine at this moment, so the portal's figures can be read against it.
      name: 'reference: a bare page whose button changes its text',
      budget: 'reference',
      async prepare(page) {
        await page.setContent(
          '<!doctype html><html lang="fr"><title>Référence</title><button type="button" onclick="this.textContent = \'Oui\'">Non</button></html>',
        );
        return null;
      },
      run: (page) => measure(page, page.getByRole('button'), () => page.getByRole('button', { name: 'Oui' }).waitFor({ timeout: TIMEOUT })),
    },
    {
      name: 'toggle an availability slot (month editor)',
      async prepare(page) {
        const missing = await calendar(page);
        if (missing) return missing;
        await editButton(page).click();
        await visible(slot(page));
        return null;
      },
      run: (page) => measure(page, slot(page), () => isChecked(slot(page), true)),
    },
    {
      name: 'open the month editor',
      prepare: calendar,
      run: (page) => measure(page, editButton(page), () => visible(slot(page))),
    },
    {
      name: 'save the month editor',
      budget: 'none',
      async prepare(page) {
        const missing = await calendar(page);
        if (missing) return missing;
        await editButton(page).click();
        await slot(page).click();
        return null;
      },
      run: (page) =>
        measure(page, editor(page).getByRole('button', { name: 'Enregistrer' }), () => editor(page).waitFor({ state: 'hidden', timeout: TIMEOUT })),
    },
    {
      name: 'advance a wizard step (step 1 → 2)',
      async prepare(page) {
        const worker = await createWorker(request, { stage: 'policiesAgreed' });
        const form = new FormData();
        for (const [key, value] of stepEntries(1, worker.email, '1')) form.append(key, value);
        await request.post('/api/user/me/update-details/1', { headers: { Authorization: `Bearer ${worker.token}` }, multipart: form });
        await signIn(page, worker);
        await page.goto('/employee-details');
        // The wizard resumes at the first step not on file (step 2): back to step 1 by the step list, as a worker would.
        const missing = await probe(stepOne(page), 'the details wizard is not in this build (/employee-details shows a placeholder title)');
        if (missing) return missing;
        await stepOne(page).click();
        return probe(page.getByRole('heading', { level: 1, name: 'Coordonnées' }), 'the step list does not lead back to step 1');
      },
      run: (page) =>
        measure(page, page.getByRole('button', { name: 'Suivant' }), () => visible(page.getByRole('heading', { level: 1, name: 'Données légales' }))),
    },
    ...offerScenarios(request, measure, probe),
    ...conversationScenarios(request, measure, probe),
    {
      name: 'check a mission (signing screen)',
      async prepare(page) {
        const worker = await createWorker(request, { stage: 'approved', signature: 'validated' });
        await addMission(request, worker.email, -3, { reference: 'BENCH-1' });
        await signIn(page, worker);
        await page.goto('/digital-signing');
        return probe(page.getByRole('checkbox', { name: /BENCH-1/ }), 'the signing screen is not in this build');
      },
      run: (page) => measure(page, page.getByRole('checkbox', { name: /BENCH-1/ }), () => isChecked(page.getByRole('checkbox', { name: /BENCH-1/ }), true)),
    },
    {
      name: 'tick a day to confirm (hours page)',
      prepare: hoursPage,
      run: (page) =>
        measure(page, page.getByRole('checkbox', { name: /^Sélectionner/ }), () => isChecked(page.getByRole('checkbox', { name: /^Sélectionner/ }), true)),
    },
    {
      name: 'open the contest form (hours page)',
      prepare: hoursPage,
      run: (page) =>
        measure(page, page.getByRole('button', { name: /^Contester/ }), () => visible(page.getByRole('button', { name: 'Envoyer la contestation' }))),
    },
  ];
}

/** `only`: the scenarios whose name it matches (all when absent). */
export async function interactions(
  browser: Browser,
  baseURL: string,
  request: Parameters<typeof createWorker>[0],
  runs = RUNS,
  only?: RegExp,
): Promise<InteractionResult[]> {
  const results: InteractionResult[] = [];
  for (const scenario of scenarios(request).filter((s) => !only || only.test(s.name))) {
    const values: number[] = [];
    let unavailable: string | null = null;
    for (let i = 0; i < runs && !unavailable; i++) {
      const context = await browser.newContext({ baseURL, locale: 'fr-BE', timezoneId: 'Europe/Brussels' });
      const page = await context.newPage();
      unavailable = await scenario.prepare(page);
      if (!unavailable) {
        await throttle(context, page, { network: false });
        values.push(await scenario.run(page));
      }
      await context.close();
    }
    const budget = scenario.budget ?? 'design';
    results.push(
      unavailable
        ? { name: scenario.name, budget, unavailable }
        : { name: scenario.name, budget, runs: values, median: median(values), worst: Math.max(...values) },
    );
  }
  return results;
}
