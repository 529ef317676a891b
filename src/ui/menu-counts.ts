/**
 * Counts shown beside menu entries (how many offers wait, say), keyed by the entry's page path. The feature that
 * knows the number sets it (from a loader, an actor, the session's info) and sets null when there is nothing to
 * show; the shell's menu shows it beside the entry of that page. The access table (machines/page-access.ts) says
 * only whether the entry shows: it knows nothing of what a feature counts.
 */
import { useSyncExternalStore } from 'react';

export type MenuCounts = {
  /** `count` null or 0: no badge. */
  set: (path: string, count: number | null) => void;
  get: (path: string) => number | null;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
};

export function createMenuCounts(): MenuCounts {
  const counts = new Map<string, number>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    set(path, count) {
      const next = count !== null && count > 0 ? count : null;
      if ((counts.get(path) ?? null) === next) return;
      if (next === null) counts.delete(path);
      else counts.set(path, next);
      notify();
    },
    get: (path) => counts.get(path) ?? null,
    clear() {
      if (counts.size === 0) return;
      counts.clear();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The portal's menu counts. */
export const menuCounts: MenuCounts = createMenuCounts();

/** The count of one page's entry (null: none), re-rendering when it changes. */
export function useMenuCount(path: string, store: MenuCounts = menuCounts): number | null {
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(path),
    () => null,
  );
}
