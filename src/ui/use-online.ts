/**
 * Whether the browser says it has a network (`navigator.onLine`, its `online` and `offline` events): what a screen
 * that says a failure in place tells the worker (docs/decisions/242-offline.md). False only when the browser knows it is
 * offline; true on a network that merely fails.
 */
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
