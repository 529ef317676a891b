/**
 * API calls a browser path test answers at the moment it chooses (notes/library-apis.md §2.8): an ARMED endpoint's
 * next request is held, so the test can see the busy state the portal shows meanwhile; then the test takes it and
 * either lets it go to the reference server (`continue`: success comes from the server) or answers it with an
 * injected failure. Requests of endpoints that are not armed go to the server untouched.
 */
import type { Page, Route } from '@playwright/test';
import { waitUntilSettled } from '../fixtures.ts';

export type Endpoint = { method: 'GET' | 'POST'; path: string };

const matches = (endpoint: Endpoint, route: Route) =>
  route.request().method() === endpoint.method && new URL(route.request().url()).pathname === endpoint.path;

export class HeldNetwork<K extends string> {
  private readonly armed = new Set<K>();
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
      this.armed.delete(key);
      const waiter = this.waiting.get(key);
      if (waiter) {
        this.waiting.delete(key);
        waiter(route);
      } else this.held.set(key, [...(this.held.get(key) ?? []), route]);
    });
  }

  /** Hold the next request of `key`. */
  arm(key: K): void {
    this.armed.add(key);
  }

  /** The held request of `key`, once it has arrived. */
  take(key: K, timeout = 10_000): Promise<Route> {
    const queued = this.held.get(key)?.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the portal sent no ${this.endpoints[key].method} ${this.endpoints[key].path} (armed: ${[...this.armed].join(', ') || 'none'})`)), timeout);
      this.waiting.set(key, (route) => {
        clearTimeout(timer);
        resolve(route);
      });
    });
  }

  /** Lets the held request of `key` go to the server. */
  async pass(key: K): Promise<void> {
    await (await this.take(key)).continue();
  }

  /** Answers the held request of `key` with an API error (ApiError of openapi.yaml). */
  async fail(key: K, status: number, code: string, message = 'Injected by the test'): Promise<void> {
    await (await this.take(key)).fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code, message }) });
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
