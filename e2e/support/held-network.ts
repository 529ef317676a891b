/**
 * API calls a browser path test answers at the moment it chooses (Playwright's `page.route` holding the request until the test releases it): an ARMED endpoint's
 * next request is held, so the test can see the busy state the portal shows meanwhile; then the test takes it and
 * either lets it go to the reference server (`continue`: success comes from the server), answers it with an
 * injected failure, or lets it reach the server and drops the answer (`drop`). Requests of endpoints that are not
 * armed go to the server untouched.
 *
 * Also the one-off helpers of a test that needs no holding: `failOnce` (an injected failure) and `dropNextAnswer`
 * (the request reaches the server, its answer never reaches the page: docs/decisions/210-safe-retries.md).
 */
import type { Page, Response, Route } from '@playwright/test';
import { waitUntilSettled } from '../fixtures.ts';

export type Endpoint = { method: 'GET' | 'POST'; path: string };

const matches = (endpoint: Endpoint, route: Route) => route.request().method() === endpoint.method && new URL(route.request().url()).pathname === endpoint.path;

export class HeldNetwork<K extends string> {
  private readonly armed = new Set<K>();
  /** Keys armed for every request, not only the next (`arm(key, { every: true })`). */
  private readonly always = new Set<K>();
  private readonly held = new Map<K, Route[]>();
  private readonly waiting = new Map<K, (route: Route) => void>();

  constructor(
    private readonly page: Page,
    private readonly endpoints: Readonly<Record<K, Endpoint>>,
  ) {}

  async install(): Promise<void> {
    await this.page.route('**/api/**', async (route) => {
      const key = (Object.keys(this.endpoints) as K[]).find((k) => matches(this.endpoints[k], route));
      if (key === undefined || !this.armed.has(key)) return route.fallback();
      if (!this.always.has(key)) this.armed.delete(key);
      const waiter = this.waiting.get(key);
      if (waiter) {
        this.waiting.delete(key);
        waiter(route);
      } else this.held.set(key, [...(this.held.get(key) ?? []), route]);
    });
  }

  /** Hold the next request of `key`; with `every`, each of its requests from now on. */
  arm(key: K, { every = false }: { every?: boolean } = {}): void {
    this.armed.add(key);
    if (every) this.always.add(key);
  }

  /** The held request of `key`, once it has arrived. */
  take(key: K, timeout = 10_000): Promise<Route> {
    const queued = this.held.get(key)?.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`the portal sent no ${this.endpoints[key].method} ${this.endpoints[key].path} (armed: ${[...this.armed].join(', ') || 'none'})`)),
        timeout,
      );
      this.waiting.set(key, (route) => {
        clearTimeout(timer);
        resolve(route);
      });
    });
  }

  /**
   * The request of `key` sent last, once one has arrived. Earlier ones stay held and unanswered: the portal has left
   * them (it moved on while they were under way), as a slow network would leave them.
   */
  latest(key: K, timeout = 10_000): Promise<Route> {
    const last = this.held.get(key)?.pop();
    return last ? Promise.resolve(last) : this.take(key, timeout);
  }

  /** Lets the held request of `key` go to the server. */
  async pass(key: K): Promise<void> {
    await (await this.take(key)).continue();
  }

  /** Answers the held request of `key` with an API error (ApiError of openapi.yaml). */
  async fail(key: K, status: number, code: string, message = 'Injected by the test'): Promise<void> {
    await (await this.take(key)).fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code, message }) });
  }

  /** Lets the held request of `key` reach the server and drops the answer: the page sees a lost connection. */
  async drop(key: K): Promise<ServedAnswer> {
    return dropAnswer(await this.take(key));
  }

  /**
   * Lets go of the requests of `key` held so far: they were sent before the moment the test is at and belong to
   * what the portal has since dropped (a stored sign-in's info read that an impersonation replaced). `rearm`: the
   * state the test waits for asks `key` again, so hold its next request instead.
   */
  async releaseEarlier(key: K, { rearm }: { rearm: boolean }): Promise<void> {
    const earlier = this.held.get(key)?.splice(0) ?? [];
    for (const route of earlier) await route.continue().catch(() => {});
    if (earlier.length > 0 && rearm) this.armed.add(key);
  }

  /** Lets go of what the page before asked (call it before opening a new page: those requests are not the new page's). */
  async forgetHeld(): Promise<void> {
    for (const routes of this.held.values()) for (const route of routes.splice(0)) await route.continue().catch(() => {});
  }

  /** End of a path: nothing stays held (the page can settle and the fixture can check it). */
  async releaseAll(): Promise<void> {
    this.armed.clear();
    await this.forgetHeld();
  }

  /**
   * End of a path whose last step let the page go on (a logout's reload): release what is held, stop intercepting,
   * and wait until the page has settled, so that the browser context is not closed in the middle of a navigation.
   * Closing it then has hung the teardown until the test timed out, after every step had passed.
   */
  async releaseAndSettle(): Promise<void> {
    await this.releaseAll();
    await this.page.unrouteAll({ behavior: 'ignoreErrors' });
    // Best effort: a page still busy after 10 s is left as it is (every step has been checked by then).
    await waitUntilSettled(this.page).catch(() => {});
  }
}

/** Answers the next request to `endpoint` with an API error, once (a failure the server cannot be made to give). */
export async function failOnce(page: Page, endpoint: Endpoint, status: number, code: string, message = 'Injected by the test'): Promise<void> {
  await page.route(
    `**${endpoint.path}`,
    (route) =>
      route.request().method() === endpoint.method
        ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code, message }) })
        : route.fallback(),
    { times: 1 },
  );
}

/** What the server answered to a request whose answer the page never received, and the key it carried. */
export type ServedAnswer = { status: number; body: string; idempotencyKey: string | null };

/** Sends the request to the server, then drops its answer as a phone losing the network at that moment would. */
async function dropAnswer(route: Route): Promise<ServedAnswer> {
  const response = await route.fetch();
  const served = { status: response.status(), body: await response.text(), idempotencyKey: route.request().headers()['idempotency-key'] ?? null };
  await route.abort('connectionreset');
  return served;
}

/**
 * The next request to `endpoint` reaches the server, and its answer is dropped: the server has done it, the page
 * sees a failed request. `served` resolves with what the server answered (check the effect happened). Requests of
 * the same path with another method (a month's GET beside its POST) pass untouched.
 *
 *   const lost = await dropNextAnswer(page, { method: 'POST', path: '/api/user/me/documents/mark-for-signing' });
 *   await confirm.click();                          // the first request: done on the server, answer lost
 *   expect((await lost.served).status).toBe(200);
 *   const retry = nextAnswer(page, lost.endpoint);
 *   await confirm.click();                          // the retry: the same request, the same key
 *   expect(isReplay(await retry)).toBe(true);      // answered from the kept answer, not done again
 *   // then the page's true end state, and one effect read back through the API or the back-office
 */
export async function dropNextAnswer(page: Page, endpoint: Endpoint): Promise<{ endpoint: Endpoint; served: Promise<ServedAnswer> }> {
  let settle: { resolve: (answer: ServedAnswer) => void; reject: (error: unknown) => void };
  const served = new Promise<ServedAnswer>((resolve, reject) => (settle = { resolve, reject }));
  let dropped = false;
  const matcher = (url: URL) => url.pathname === endpoint.path;
  const handler = async (route: Route) => {
    if (dropped || route.request().method() !== endpoint.method) return route.fallback();
    dropped = true;
    await dropAnswer(route).then(settle.resolve, settle.reject);
    await page.unroute(matcher, handler);
  };
  await page.route(matcher, handler);
  return { endpoint, served };
}

/** The page's next answer from `endpoint` (register it before the action that sends the request). */
export const nextAnswer = (page: Page, endpoint: Endpoint): Promise<Response> =>
  page.waitForResponse((r) => r.request().method() === endpoint.method && new URL(r.url()).pathname === endpoint.path);

/** Whether the server gave its kept answer again rather than doing the request (server/api/idempotency.ts). */
export const isReplay = (response: Response): boolean => response.headers()['idempotent-replayed'] === 'true';

/**
 * The whole drop-the-first-answer step: `act` sends the request (and checks what the page says of the failure);
 * the server must have done it (2xx); `retry` sends it again, which must carry the same key and, with `replayed`
 * (the default), be answered from the server's kept answer rather than done again. `replayed: false` is for a retry
 * the portal makes of several calls (a wizard step saved again before its upload), where the calls are sent anew
 * and must be harmless to repeat. Answers the retry's answer.
 */
export async function loseThenRetry(
  page: Page,
  endpoint: Endpoint,
  steps: { act: () => Promise<void>; retry: () => Promise<void>; replayed?: boolean },
): Promise<Response> {
  const lost = await dropNextAnswer(page, endpoint);
  await steps.act();
  const served = await lost.served;
  if (served.status >= 300) throw new Error(`${endpoint.method} ${endpoint.path} answered ${served.status} before its answer was dropped: ${served.body}`);
  if (!served.idempotencyKey) throw new Error(`${endpoint.method} ${endpoint.path} was sent without an Idempotency-Key`);
  const answer = nextAnswer(page, endpoint);
  await steps.retry();
  const retried = await answer;
  const key = retried.request().headers()['idempotency-key'];
  if ((steps.replayed ?? true) && (key !== served.idempotencyKey || !isReplay(retried) || retried.status() !== served.status))
    throw new Error(
      `the retry of ${endpoint.path} was not answered from the kept answer (key ${key} vs ${served.idempotencyKey}, status ${retried.status()}, replayed ${isReplay(retried)})`,
    );
  return retried;
}
