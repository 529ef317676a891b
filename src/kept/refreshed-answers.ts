/**
 * How many times the app read its pages again because a fresh answer differed from the kept copy shown
 * (docs/decisions/241-kept-answers.md). The router's loaders give their new data to the screen, but a page whose
 * machine took the loader's answer as its input reads that input once (hours, one offer, an absence): such a page is
 * keyed by this count, so that a fresh answer starts its machine again from what the server says now.
 * Part of the entry (src/app.tsx counts): a few bytes, none of the kept layer's chunk.
 */
import { useSyncExternalStore } from 'react';

let refreshed = 0;
const listeners = new Set<() => void>();

/** The pages were read again with fresh answers (after the router's loaders ran again). */
export function answersRefreshed(): void {
  refreshed += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The count, for a key: it changes when the pages were read again with fresh answers. */
export const useRefreshedAnswers = (): number =>
  useSyncExternalStore(
    subscribe,
    () => refreshed,
    () => 0,
  );
