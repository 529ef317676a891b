/**
 * The conditions of §11 through the Chrome DevTools Protocol: a CPU 4× slower (a mid-range phone on a
 * laptop) and, for page loads, the network of a slow mobile connection (Lighthouse's "Slow 4G": 150 ms RTT,
 * 1.6 Mbps down, 750 kbps up). The browser cache is off so every load is a first load.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export const CPU_SLOWDOWN = 4;
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

export async function throttle(context: BrowserContext, page: Page, options: { network: boolean }): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (options.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  return cdp;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};
