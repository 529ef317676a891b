/**
 * What every bench runner needs, set up and always torn down: the reference server on a free port with a temporary
 * data folder, the bare reference page in dist/ beside the portal's files (served by the same static handler),
 * Debian's Chromium and an API context for making workers. Used by bench.ts, field-run.ts and inp-run.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import config, { BACKOFFICE_TOKEN } from '../../playwright.config.ts';
import { ROOT, startServerProcess, type ServerProcess } from '../lib/server-process.ts';
import { BARE_HTML } from './field.ts';

export type BenchSession = { server: ServerProcess; browser: Browser; api: APIRequestContext };

export async function withBenchSession<T>(run: (session: BenchSession) => Promise<T>): Promise<T> {
  const barePath = join(ROOT, 'dist', 'assets', 'bench-bare.html');
  writeFileSync(barePath, BARE_HTML);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const server = await startServerProcess({ dataDir, env: { BACKOFFICE_TOKEN }, keepOutput: false });
  const browser = await chromium.launch(config.use!.launchOptions);
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    return await run({ server, browser, api });
  } finally {
    await api.dispose();
    await browser.close();
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(barePath, { force: true });
  }
}
