/** The back-office CLI (scripts/backoffice.ts) run against an in-process test server: its exit code and what it printed. */
import { runBackoffice } from '../../../scripts/backoffice.ts';
import { BACKOFFICE, type TestServer } from './harness.ts';

export async function runCli(server: TestServer, argv: string[], token: string | undefined = BACKOFFICE): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runBackoffice(argv, {
    baseUrl: 'http://portal.test',
    token,
    fetch: async (url, init) => {
      const { pathname, search } = new URL(url);
      const res = await server.call(init.method!, pathname + search, { body: init.body as string, headers: init.headers as Record<string, string> });
      return new Response(res.text, { status: res.status });
    },
    out: (t) => lines.push(t),
  });
  return { code, out: lines.join('\n') };
}
