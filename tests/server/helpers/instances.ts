// What the tests of several server processes on one PostgreSQL share: the address of the test's schema, and a call
// over HTTP to one of the processes (each runs in its own process, so the in-process harness cannot reach it).
import type { ServerProcess } from '../../../scripts/lib/server-process.ts';

/** The database address with the test's schema as the search path, as each server process is given it. */
export const schemaUrl = (url: string, name: string) => {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${name}`);
  return u.toString();
};

/** One request to one server process: the status and the JSON body (null when the answer is not JSON). */
export async function callInstance(server: ServerProcess, method: string, path: string, init: { token?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined });
  const text = await res.text();
  return { status: res.status, json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}
