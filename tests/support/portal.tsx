/**
 * The whole portal as main.tsx builds it — the real session logic (src/actors/session.ts), the API client with its
 * §8 middleware, the router with the route gate — over a fake API: each test says how the server answers
 * (`handlers`, keyed "METHOD /path" without the /api prefix) and reads what was asked (`calls`).
 * Storage is jsdom's (the portal's `storage`), cleared before each render.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CurrentUser, GeneralInfo } from '../../machines/session.types.ts';
import { isPending } from '../../machines/session.selectors.ts';
import { storedUserOf } from '../../src/actors/session-actors.ts';
import { SESSION_KEYS } from '../../src/actors/session-keys.ts';
import { createSessionLogic } from '../../src/actors/session.ts';
import { createApi } from '../../src/api/client.ts';
import { SessionBridge } from '../../src/features/shell/session-bridge.tsx';
import { getLocale } from '../../src/paraglide/runtime.js';
import type { SessionActor } from '../../src/router-context.ts';
import { createAppRouter, rerunGateOnChange, sessionNavigator } from '../../src/router.tsx';
import { storage } from '../../src/storage.ts';
import { toasts } from '../../src/ui/toast-store.ts';
import { HOME_ANSWERS } from './render-app.tsx';

export type Call = { method: string; path: string; search: string; body: unknown; authorization: string | null };
export type Handler = (call: Call) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const noContent = () => new Response(null, { status: 204 });
export const apiError = (status: number, code: string, message: string) => json({ code, message }, status);

export const USER: CurrentUser = {
  token: 'tok_test_0123456789abcdef',
  username: 'Anne Dupont',
  locale: 'fr',
  email: 'anne.dupont@example.be',
  statute: 1,
  details: 0,
  signatureStatus: 0,
  newAccount: true,
  hasEmailBeenValidated: true,
  shouldRedirectToDetailsPage: true,
  blockAccessToDetailsPage: false,
  expiresAt: '2099-01-01T00:00:00.000Z',
};

/** GET /user/me/info also names the account (decision 075), and the session's kind (a login, not a support session). */
const ACCOUNT = { username: 'Anne Dupont', email: 'anne.dupont@example.be', policiesAgreedAt: null, supportSession: false } as const;

export const INFO = {
  policiesMissing: {
    ...ACCOUNT,
    agreedWithGdprPolicy: false,
    agreedToLabourRegulations: false,
    employeeDetailsStatus: 'empty',
    emailHasBeenValidated: false,
    signatureStatus: 'none',
    newAccount: true,
    statute: 1,
    hasAValidSignatureBeenCreated: false,
  },
  detailsEmpty: {
    ...ACCOUNT,
    agreedWithGdprPolicy: true,
    agreedToLabourRegulations: true,
    employeeDetailsStatus: 'empty',
    emailHasBeenValidated: true,
    signatureStatus: 'none',
    newAccount: true,
    statute: 1,
    hasAValidSignatureBeenCreated: false,
  },
  detailsPending: {
    ...ACCOUNT,
    agreedWithGdprPolicy: true,
    agreedToLabourRegulations: true,
    employeeDetailsStatus: 'pending review',
    emailHasBeenValidated: true,
    signatureStatus: 'none',
    newAccount: true,
    statute: 1,
    hasAValidSignatureBeenCreated: false,
  },
  open: {
    ...ACCOUNT,
    agreedWithGdprPolicy: true,
    agreedToLabourRegulations: true,
    employeeDetailsStatus: 'validated',
    emailHasBeenValidated: true,
    signatureStatus: 'validated',
    newAccount: false,
    statute: 1,
    hasAValidSignatureBeenCreated: true,
  },
} as const satisfies Record<string, Required<GeneralInfo>>;

/** What the home screen reads (render-app.tsx HOME_ANSWERS), unless a test says otherwise: a signed-in /home is quiet. */
const HOME_HANDLERS: Record<string, Handler> = Object.fromEntries(
  Object.entries(HOME_ANSWERS).map(([key, body]) => [key.replace(' /api/', ' /'), () => json(body)]),
);

export type Portal = { router: ReturnType<typeof createAppRouter>; session: SessionActor; calls: Call[]; reload: ReturnType<typeof vi.fn> };

/**
 * Renders the portal at `path`. `user` is a stored sign-in (restored at start, its info answered by
 * `GET /user/me/info` from `handlers`); `email` the e-mail remembered from a login. Waits until the first screen shows its heading.
 */
export async function renderPortal({
  path,
  handlers = {},
  user,
  email,
}: {
  path: string;
  handlers?: Record<string, Handler>;
  user?: CurrentUser;
  email?: string;
}): Promise<Portal> {
  storage.clear({ keep: ['locale'] });
  if (user) storage.set(SESSION_KEYS.user, storedUserOf(user));
  if (email) storage.set(SESSION_KEYS.email, email);
  const calls: Call[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      search: url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: request.headers.get('Authorization'),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`] ?? HOME_HANDLERS[`${call.method} ${call.path}`];
    return handler ? handler(call) : apiError(404, 'not_found', `no handler for ${call.method} ${call.path}`);
  };
  const app: { session?: SessionActor; router?: ReturnType<typeof createAppRouter> } = {};
  const api = createApi({
    baseUrl: 'http://portal.test/api',
    fetch: fetch as typeof globalThis.fetch,
    getToken: () => app.session?.getSnapshot().context.user?.token,
    getLocale,
    onUnauthorized: () => app.session?.send({ type: 'session.unauthorized' }),
    notify: (notice) => toasts.show(notice),
  });
  const reload = vi.fn();
  const logic = createSessionLogic({ api, store: storage, toasts, navigate: sessionNavigator(() => app.router), reload });
  const session = (app.session = createActor(logic).start());
  const router = (app.router = createAppRouter({ api, session }, { history: createMemoryHistory({ initialEntries: [path] }) }));
  rerunGateOnChange(session, router);
  render(
    <SessionBridge session={session}>
      <RouterProvider router={router} />
    </SessionBridge>,
  );
  await waitFor(session, (s) => !isPending(s));
  await screen.findByRole('heading', { level: 1 });
  return { router, session, calls, reload };
}

/** Answers a call after `release()` (to see a busy state). */
export function held(response: () => Response): { handler: Handler; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await gate, response()), release: () => release() };
}
