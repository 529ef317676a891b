/**
 * Script time per pointer move on the signature pad: an approved worker opens the drawing dialog, then one
 * stroke of 1,000 mouse moves (a wave across the pad, Playwright's real input) at 4× CPU slowdown. The renderer's
 * own counters (CDP Performance.getMetrics: ScriptDuration, TaskDuration) before and after, divided by the moves.
 */
import type { Browser } from '@playwright/test';
import { createWorker, signIn } from '../../e2e/support/workers.ts';
import { throttle } from './throttle.ts';

export type StrokeResult = { moves: number; scriptMsPerMove: number; taskMsPerMove: number; inkPixels: number } | { unavailable: string };

export async function signatureStroke(browser: Browser, baseURL: string, request: Parameters<typeof createWorker>[0], moves = 1000): Promise<StrokeResult> {
  const worker = await createWorker(request, { stage: 'approved' });
  const context = await browser.newContext({ baseURL, locale: 'fr-BE' });
  const page = await context.newPage();
  try {
    await signIn(page, worker);
    await page.goto('/user/manage-signature');
    const create = page.getByRole('button', { name: 'Créer ma signature' });
    await create.waitFor({ state: 'visible', timeout: 30_000 });
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Votre signature' });
    const draw = dialog.getByRole('radio', { name: /La dessiner/ });
    if (await draw.count()) await draw.click();
    const pad = page.getByTestId('signature-pad');
    await pad.waitFor({ state: 'visible', timeout: 30_000 });
    const box = (await pad.boundingBox())!;
    const cdp = await throttle(context, page, { network: false });
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value])) as Record<string, number>;
    const point = (i: number) => [box.x + box.width * (0.05 + (0.9 * i) / moves), box.y + box.height * (0.5 + 0.35 * Math.sin(i / 25))] as const;
    await page.mouse.move(...point(0));
    const before = await metrics();
    await page.mouse.down();
    for (let i = 1; i <= moves; i++) await page.mouse.move(...point(i));
    await page.mouse.up();
    // Let the last frames render, then read the counters.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const after = await metrics();
    const inkPixels = await pad.evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
    return {
      moves,
      scriptMsPerMove: ((after.ScriptDuration! - before.ScriptDuration!) * 1000) / moves,
      taskMsPerMove: ((after.TaskDuration! - before.TaskDuration!) * 1000) / moves,
      inkPixels,
    };
  } catch (error) {
    return { unavailable: `the pad could not be drawn on: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    await context.close();
  }
}
