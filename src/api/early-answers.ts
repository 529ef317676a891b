/**
 * Calls started before the app has loaded, and answered to the app's own call for the same thing
 * (docs/decisions/216-early-calls.md). The entry (src/main.tsx) starts the GETs a page will need as soon as the
 * stored session is read, while the app's scripts still load and run; when the API client (client.ts) later sends
 * the same request (same URL, same token, same language), it gets that answer instead of asking the server again.
 * Nothing else changes: the client's middleware reads the adopted answer as it reads any other (errors, 401 and
 * toasts included), and the machines and loaders that asked never know.
 *
 * An answer is given once, and only while it is fresh (`maxAgeMs` from its start): a page visited later asks anew.
 * Plain `fetch`, no other import: this module is part of the small entry that runs before the first paint.
 */

export type EarlyAnswers = {
  /** Starts `GET url` with these headers now (a second start of the same URL is ignored). */
  start(url: string, headers: Record<string, string>): void;
  /** A `fetch` that answers a matching GET with the early answer (once), and passes everything else to `fetch`. */
  fetchThrough(fetch: typeof globalThis.fetch): typeof globalThis.fetch;
  /** The URLs started and not yet adopted (tests, the bench). */
  pending(): string[];
};

/** Headers that must be the same for an early answer to be the answer to the app's request. */
const MATCHED = ['authorization', 'accept-language'] as const;

/** Long enough for the slowest start of the app on a phone; short enough that nothing stale is shown later. */
export const EARLY_ANSWER_MAX_AGE_MS = 15_000;

type Entry = { headers: Record<string, string>; answer: Promise<Response>; startedAt: number };

export function createEarlyAnswers(deps: { fetch: typeof globalThis.fetch; now?: () => number; maxAgeMs?: number }): EarlyAnswers {
  // Called as a plain function: a browser's fetch called as a method of another object throws.
  const fetchNow = deps.fetch;
  const now = deps.now ?? Date.now;
  const maxAgeMs = deps.maxAgeMs ?? EARLY_ANSWER_MAX_AGE_MS;
  const entries = new Map<string, Entry>();
  const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

  function take(request: Request): Promise<Response> | null {
    const entry = entries.get(request.url);
    if (!entry || request.method !== 'GET') return null;
    entries.delete(request.url);
    if (now() - entry.startedAt > maxAgeMs) return null;
    if (MATCHED.some((name) => (request.headers.get(name) ?? undefined) !== entry.headers[name])) return null;
    return entry.answer;
  }

  return {
    start(url, headers) {
      if (entries.has(url)) return;
      const sent = lower(headers);
      // A failed start is answered as the failure it was (the client reports it as it would its own call's); until
      // then it is no unhandled rejection (a phone without a network: the kept copies answer, decision 241).
      const answer = fetchNow(url, { method: 'GET', headers: sent, credentials: 'same-origin' });
      answer.catch(() => undefined);
      entries.set(url, { headers: sent, answer, startedAt: now() });
    },
    fetchThrough(fetch) {
      return (input, init) => {
        const request = input instanceof Request && init === undefined ? input : new Request(input, init);
        const early = take(request);
        // The caller's signal still applies: an adopted call it abandons ends for it as its own would.
        if (early) return request.signal.aborted ? Promise.reject(request.signal.reason) : early;
        return fetch(input, init);
      };
    },
    pending: () => [...entries.keys()],
  };
}

/** The page's one set (the entry starts calls into it, the app's API client adopts them). */
export const pageEarlyAnswers = createEarlyAnswers({ fetch: (input, init) => globalThis.fetch(input, init) });
