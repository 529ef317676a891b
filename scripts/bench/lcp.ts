/**
 * Largest Contentful Paint of a first load at 4× CPU slowdown on Slow 4G (throttle.ts), read from a
 * PerformanceObserver installed before the page's own scripts; the median of several cold loads.
 */
import type { Browser } from '@playwright/test';
import { median, throttle } from './throttle.ts';

export async function lcp(browser: Browser, url: string, runs = 3): Promise<{ median: number; all: number[] }> {
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ locale: 'fr-BE' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await throttle(context, page, { network: true });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    // The first candidate can come after network idle on a throttled CPU; then a quiet second lets a larger
    // element replace it (LCP is the last candidate before any input).
    await page.waitForFunction(() => (window as unknown as { __lcp: number }).__lcp > 0, undefined, { timeout: 30_000 });
    await page.waitForTimeout(1000);
    all.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
    await context.close();
  }
  return { median: median(all), all };
}
