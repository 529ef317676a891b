/**
 * The real portal (route tree, shell, route rules, actors, views) at one of the signature routes, for the
 * component tests of §2.15 and §2.16. The API client is the real one (middleware, §8 toasts) over a `fetch` the test
 * gives: canned answers (`cannedFetch`) or the reference server itself (tests/signing/evidence.test.tsx).
 */
import { configure, render, screen } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { CurrentUser, GeneralInfo, RestoreOutput } from '../../machines/session.types.ts';
import { isPending } from '../../machines/session.selectors.ts';
import { sessionActors } from '../../src/actors/session-actors.ts';
import { createApi, type Api } from '../../src/api/client.ts';
import type { SaveFile } from '../../src/api/download.ts';
import { SessionBridge } from '../../src/features/shell/session-bridge.tsx';
import { getLocale } from '../../src/paraglide/runtime.js';
import { createAppRouter } from '../../src/router.tsx';
import { createStorage } from '../../src/storage.ts';
import { toasts } from '../../src/ui/toast-store.ts';

// These screens load through the router, the session and the API client: on a busy machine (the whole suite
// on two cores) that takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

export const USER: CurrentUser = {
  token: 'test-token-0123456789',
  username: 'Ada Lovelace',
  locale: 'fr',
  email: 'ada@example.be',
  statute: 1,
  details: 2,
  signatureStatus: 2,
  newAccount: false,
  hasEmailBeenValidated: true,
  shouldRedirectToDetailsPage: false,
  blockAccessToDetailsPage: false,
  expiresAt: '2099-01-01T00:00:00.000Z',
};

/** An approved employee with a validated signature; override what a test is about. */
const info = (overrides: Partial<GeneralInfo> = {}): GeneralInfo => ({
  agreedWithGdprPolicy: true,
  agreedToLabourRegulations: true,
  employeeDetailsStatus: 'validated',
  emailHasBeenValidated: true,
  signatureStatus: 'validated',
  newAccount: false,
  statute: 1,
  hasAValidSignatureBeenCreated: true,
  ...overrides,
});

export type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; json?: unknown } | Promise<{ status?: number; json?: unknown }>;
export type Handlers = Record<string, (call: Call) => Answer>;

/**
 * A `fetch` answering `"METHOD /path"` (below /api) from `handlers`, recording every call. An unknown call
 * fails the test loudly (a screen that calls what it should not).
 */
export function cannedFetch(handlers: Handlers) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const text = await request.text();
    const call = { method: request.method, path, body: text ? (JSON.parse(text) as unknown) : undefined };
    calls.push(call);
    const handler = handlers[`${call.method} ${path}`];
    if (!handler) throw new Error(`unexpected call ${call.method} ${path}`);
    const { status = 200, json } = await handler(call);
    return new Response(json === undefined ? null : JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

export function testApi(fetch: typeof globalThis.fetch, options: { token?: string; saveFile?: SaveFile } = {}): Api {
  return createApi({
    baseUrl: 'http://portal.test/api',
    fetch,
    getToken: () => options.token ?? USER.token,
    getLocale,
    onUnauthorized: () => {},
    notify: (notice) => toasts.show(notice),
    ...(options.saveFile ? { saveFile: options.saveFile } : {}),
  });
}

/** Renders the portal at `path`, signed in as `user`; the general info comes from `api` (GET /user/me/info). */
export async function renderRoute({ path, api, user = USER }: { path: string; api: Api; user?: CurrentUser }) {
  const logic = sessionMachine.provide({
    actors: {
      restoreUser: fromPromise<RestoreOutput>(async () => ({ user, loggedOut: false })),
      loadInfo: sessionActors(api, createStorage()).loadInfo,
      revokeToken: fromPromise<void, { token: string }>(async () => {}),
    },
  });
  const session = createActor(logic).start();
  await waitFor(session, (s) => !isPending(s));
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ api, session }, { history });
  const result = render(
    <SessionBridge session={session}>
      <RouterProvider router={router} />
    </SessionBridge>,
  );
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return { ...result, router, session };
}

/** GET /user/me/info answering `info(overrides)`. */
export const infoHandler = (overrides: Partial<GeneralInfo> = {}) => ({ 'GET /user/me/info': () => ({ json: info(overrides) }) });
