/**
 * What the page shows of the worker's kept copies (docs/decisions/241-kept-answers.md): which answers of the screen on
 * show came from the phone rather than the network, and since when. The API client's kept layer (src/kept/kept-fetch.ts)
 * reports each read; the shell's note (kept-note.tsx) says "offline, as of …" or "updated at …". A plain store, read
 * with useSyncExternalStore.
 */
export type KeptNote = {
  /** An answer on show is a kept copy because the network could not be reached. */
  offline: boolean;
  /** The oldest kept copy on show (ms), null when everything on show came from the network. */
  oldest: number | null;
};

export const NO_KEPT_NOTE: KeptNote = { offline: false, oldest: null };

export type KeptNoteStore = {
  /** `key`'s kept copy of `at` is on show while the network is asked. */
  kept(key: string, at: number): void;
  /** `key`'s kept copy of `at` is on show: the network could not be reached. */
  offline(key: string, at: number): void;
  /** `key` came from the network. */
  fresh(key: string): void;
  /** Another page: what the last one showed is no longer on show. */
  newPage(): void;
  getSnapshot(): KeptNote;
  subscribe(listener: () => void): () => void;
};

export function createKeptNoteStore(): KeptNoteStore {
  const shown = new Map<string, { at: number; offline: boolean }>();
  const listeners = new Set<() => void>();
  let snapshot = NO_KEPT_NOTE;
  const changed = () => {
    const entries = [...shown.values()];
    const next: KeptNote = { offline: entries.some((e) => e.offline), oldest: entries.length ? Math.min(...entries.map((e) => e.at)) : null };
    if (next.offline === snapshot.offline && next.oldest === snapshot.oldest) return;
    snapshot = next;
    listeners.forEach((listener) => listener());
  };
  return {
    kept(key, at) {
      shown.set(key, { at, offline: false });
      changed();
    },
    offline(key, at) {
      shown.set(key, { at, offline: true });
      changed();
    },
    fresh(key) {
      shown.delete(key);
      changed();
    },
    newPage() {
      shown.clear();
      changed();
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one store. */
export const keptNote = createKeptNoteStore();
