/**
 * The kept layer of the API client (kept-fetch.ts, docs/decisions/241-kept-answers.md), loaded on demand: a chunk of
 * its own, asked for a remembered sign-in only (at the start when one is stored, else at the first request made with
 * one), so that a first load without one (/login) carries none of it (§11's budget). Before that, and for a session
 * sign-in, requests go straight on; once it is loaded every request goes through it (a write must reach it: it drops
 * the answers it holds).
 */
import type { KeptFetch, KeptFetchDeps } from './kept-fetch.ts';
import type { KeptNoteStore } from '../ui/kept-note-store.ts';

type Fetch = typeof globalThis.fetch;

/** The note's store (src/ui/kept-note-store.ts) comes with the layer. */
export function keptLayer(deps: Omit<KeptFetchDeps, 'note'>, remembered: () => boolean): KeptFetch & { newPage(): void } {
  let loaded: KeptFetch | null = null;
  let note: KeptNoteStore | null = null;
  let loading: Promise<KeptFetch> | null = null;
  const load = () =>
    (loading ??= Promise.all([import('./kept-fetch.ts'), import('../ui/kept-note-store.ts')]).then(([fetching, notes]) => {
      note = notes.keptNote;
      return (loaded = fetching.createKeptFetch({ ...deps, note }));
    }));
  if (remembered()) void load().catch(() => undefined);
  return {
    fetchThrough(next: Fetch): Fetch {
      let through: Fetch | null = null;
      return (input, init) => {
        if (!loading && !remembered()) return next(input, init);
        return load().then(
          (layer) => (through ??= layer.fetchThrough(next))(input, init),
          () => next(input, init),
        );
      };
    },
    backOnline: () => loaded?.backOnline(),
    newPage: () => note?.newPage(),
  };
}
