/**
 * Calls the entry starts early (src/api/early-answers.ts) and the API client's own call for the same thing: the
 * network is asked once, and the client reads the adopted answer as its own (data, errors, 401 alike).
 */
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/client.ts';
import { createEarlyAnswers, EARLY_ANSWER_MAX_AGE_MS } from '../../src/api/early-answers.ts';

const BASE = 'http://portal.test/api';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup({ token = 'tok-1', locale = 'fr' as 'fr' | 'nl', reply = (_url: string) => json({ username: 'Ada' }) } = {}) {
  let now = 1_000;
  const network = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => reply(input instanceof Request ? input.url : String(input)));
  const early = createEarlyAnswers({ fetch: network as unknown as typeof fetch, now: () => now });
  const onUnauthorized = vi.fn();
  const notify = vi.fn();
  const api = createApi({
    baseUrl: BASE,
    fetch: early.fetchThrough(network as unknown as typeof fetch),
    getToken: () => token,
    getLocale: () => locale,
    onUnauthorized,
    notify,
  });
  const startInfo = (headers: Record<string, string> = { Authorization: 'Bearer tok-1', 'Accept-Language': 'fr' }) =>
    early.start(`${BASE}/user/me/info`, headers);
  const info = () => api.unwrap(api.client.GET('/user/me/info'));
  return { early, api, network, onUnauthorized, notify, startInfo, info, later: (ms: number) => (now += ms) };
}

describe('early answers', () => {
  it('the client adopts the early answer: one request on the network, the data as the server sent it', async () => {
    const t = setup();
    t.startInfo();
    expect(t.network).toHaveBeenCalledTimes(1);
    await expect(t.info()).resolves.toEqual({ username: 'Ada' });
    expect(t.network).toHaveBeenCalledTimes(1);
    expect(t.early.pending()).toEqual([]);
  });

  it('is given once: the next call asks the server', async () => {
    const t = setup();
    t.startInfo();
    await t.info();
    await t.info();
    expect(t.network).toHaveBeenCalledTimes(2);
  });

  it('an early failure is the client’s failure: a 401 signs out, as the client’s own call would', async () => {
    const t = setup({ reply: () => json({ code: 'unauthorized', message: 'no' }, 401) });
    t.startInfo();
    await expect(t.info()).rejects.toMatchObject({ status: 401 });
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(t.network).toHaveBeenCalledTimes(1);
  });

  it('a start that fails before anyone adopts it (no network) is no unhandled rejection; adopted, it is the failure', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const network = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      const early = createEarlyAnswers({ fetch: network as unknown as typeof fetch });
      early.start('http://portal.test/api/user/me/info', { Authorization: 'Bearer tok' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
      const adopted = early.fetchThrough(network as unknown as typeof fetch)(
        new Request('http://portal.test/api/user/me/info', { headers: { Authorization: 'Bearer tok' } }),
      );
      await expect(adopted).rejects.toThrow('Failed to fetch');
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('not adopted for another token, another language, or once stale: the client asks itself', async () => {
    const otherToken = setup({ token: 'tok-2' });
    otherToken.startInfo();
    await otherToken.info();
    expect(otherToken.network).toHaveBeenCalledTimes(2);

    const otherLanguage = setup({ locale: 'nl' });
    otherLanguage.startInfo();
    await otherLanguage.info();
    expect(otherLanguage.network).toHaveBeenCalledTimes(2);

    const stale = setup();
    stale.startInfo();
    stale.later(EARLY_ANSWER_MAX_AGE_MS + 1);
    await stale.info();
    expect(stale.network).toHaveBeenCalledTimes(2);

    const fresh = setup();
    fresh.startInfo();
    fresh.later(EARLY_ANSWER_MAX_AGE_MS);
    await fresh.info();
    expect(fresh.network).toHaveBeenCalledTimes(1);
  });

  it('only a GET of the same URL is answered early', async () => {
    const t = setup({ reply: () => json({}) });
    t.startInfo();
    await t.api.unwrap(t.api.client.GET('/user/me/upcoming-planning', {}));
    expect(t.network).toHaveBeenCalledTimes(2);
    expect(t.early.pending()).toEqual([`${BASE}/user/me/info`]);
  });
});
