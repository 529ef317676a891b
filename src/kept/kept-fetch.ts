/**
 * The API client's kept layer (docs/decisions/241-kept-answers.md): under the client (src/api/client.ts) and over the
 * early calls (src/api/early-answers.ts), for the reads kept-paths.ts lists, when the sign-in is remembered
 * (page-kept.ts gives the store only then). Every answer the network gives is kept; and
 *  - while the page draws its screen (the router runs its loaders, the session reads the info), the first read of an
 *    answer this page makes is the kept copy, at once; the network's answer, asked meanwhile, is then given to the
 *    screen's next read of it, and when any differs from its copy the app reads them again (`onRefresh`: the router's
 *    loaders run again, the session reads the info again), so the fresh answer replaces the copy in place;
 *  - any other read asks the network, and gets the kept copy only when there is no network (the screen is then
 *    marked "offline, as of …": src/ui/kept-note-store.ts).
 * A write (any other method) ends what was fresh: the reads after it ask the network.
 * The middleware above sees a kept copy as an answer like any other; a refusal of the network (a 401: the session
 * ended elsewhere) reaches it at the screen's next read, as it would have without a copy.
 */
import type { KeptNoteStore } from '../ui/kept-note-store.ts';
import { keptModeOf } from './kept-paths.ts';
import type { KeptCopy, KeptStore } from './kept-store.ts';

/** A network answer held for the screen's next read, only this long (as the early calls'). */
export const HELD_MAX_AGE_MS = 15_000;

export type KeptFetchDeps = {
  /** The copies of the sign-in with this token, or null (not remembered: nothing is kept). */
  store: (token: string) => Promise<KeptStore | null>;
  /** Whether the page is drawing its screen now (the router's loaders, the session's info). */
  drawing: () => boolean;
  note: KeptNoteStore;
  /** Answers that differ from the copies shown, or that the network could give again: read them again. */
  onRefresh: (keys: string[]) => void;
  now?: () => number;
};

export type KeptFetch = {
  fetchThrough(next: typeof globalThis.fetch): typeof globalThis.fetch;
  /** The network is back: the reads answered by a copy for want of it are asked again, as a first read's are. */
  backOnline(): void;
};

const bearerOf = (request: Request) => /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? null;
const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';
const answerOf = (copy: KeptCopy) => new Response(copy.body, { status: 200, headers: { 'Content-Type': 'application/json' } });

export function createKeptFetch(deps: KeptFetchDeps): KeptFetch {
  const now = deps.now ?? Date.now;
  const readThisPage = new Set<string>();
  const held = new Map<string, { response: Response; at: number }>();
  const revalidating = new Set<Promise<void>>();
  const differing = new Set<string>();
  /** Writes sent so far: an answer asked before the last write is not held (it may predate what the write changed). */
  let writes = 0;
  /** The reads answered by their copy for want of a network: what `backOnline` asks again. */
  const unreached = new Map<string, { store: KeptStore; copy: KeptCopy; ask: () => Promise<Response> }>();

  const take = (key: string): Response | null => {
    const answer = held.get(key);
    held.delete(key);
    return answer && now() - answer.at <= HELD_MAX_AGE_MS ? answer.response : null;
  };

  const keep = (store: KeptStore, key: string, response: Response) =>
    response
      .clone()
      .text()
      .then((body) => store.write(key, body, now()).then(() => body))
      .catch(() => null);

  const offline = (key: string, store: KeptStore, copy: KeptCopy, ask: () => Promise<Response>) => {
    unreached.set(key, { store, copy, ask });
    deps.note.offline(key, copy.at);
  };

  /** The network's answer to a read the kept copy answered: held for the screen's next read. */
  function revalidate(store: KeptStore, key: string, copy: KeptCopy, ask: () => Promise<Response>) {
    const before = writes;
    const done = ask()
      .then(async (response) => {
        deps.note.fresh(key);
        if (before !== writes) return;
        held.set(key, { response, at: now() });
        const body = response.ok ? await keep(store, key, response) : null;
        if (body !== copy.body) differing.add(key);
      })
      .catch((error: unknown) => {
        if (!isAbort(error)) offline(key, store, copy, ask);
      })
      .finally(() => {
        revalidating.delete(done);
        if (revalidating.size > 0 || differing.size === 0) return;
        const keys = [...differing];
        differing.clear();
        deps.onRefresh(keys);
      });
    revalidating.add(done);
  }

  return {
    fetchThrough(next) {
      return async (input, init) => {
        const request = input instanceof Request && init === undefined ? input : new Request(input, init);
        if (request.method !== 'GET') {
          writes += 1;
          held.clear();
          return next(input, init);
        }
        const url = new URL(request.url);
        const mode = keptModeOf(url.pathname);
        const token = bearerOf(request);
        const store = mode && token ? await deps.store(token) : null;
        if (!mode || !store) return next(input, init);
        // One copy per address and language (some answers are written in the worker's language).
        const key = `${request.headers.get('Accept-Language') ?? ''} ${url.pathname}${url.search}`;
        const first = !readThisPage.has(key);
        readThisPage.add(key);
        const fresh = take(key);
        if (fresh) return fresh;
        unreached.delete(key);
        const copy = await store.read(key);
        // Asked without the caller's signal: the screen leaving does not make this answer worthless.
        const ask = () => next(new Request(request.url, { headers: request.headers, credentials: request.credentials }));
        if (copy && first && mode === 'first' && deps.drawing()) {
          deps.note.kept(key, copy.at);
          revalidate(store, key, copy, ask);
          return answerOf(copy);
        }
        try {
          const response = await next(input, init);
          deps.note.fresh(key);
          if (response.ok) void keep(store, key, response);
          return response;
        } catch (error) {
          if (!copy || isAbort(error)) throw error;
          offline(key, store, copy, ask);
          return answerOf(copy);
        }
      };
    },
    backOnline() {
      const asked = [...unreached];
      unreached.clear();
      for (const [key, { store, copy, ask }] of asked) revalidate(store, key, copy, ask);
    },
  };
}
