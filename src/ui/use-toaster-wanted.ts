/**
 * Whether the toaster's code should be on the page yet. Radix Toast (~13 KB gzip with its dependencies) is not part
 * of a first load: nothing is toasted before the worker acts. It loads on the first sign of intent (a key, a touch
 * or a click anywhere: on /login the typing of the e-mail), or at once when a toast is raised before any (a
 * redirect's warning): that toast waits in the store until the toaster shows it.
 * On an intent, once the frame that answers it has painted: loading and mounting the toaster inside the worker's
 * first tap (the month editor's opening, a step's Next) counted in that tap's time (docs/decisions/218-…).
 */
import { useEffect, useState } from 'react';
import { afterFirstPaint } from '../prerender/after-first-paint.ts';
import type { ToastStore } from './toast-store.ts';

const INTENT_EVENTS = ['keydown', 'pointerdown'] as const;

export function useToasterWanted(store: Pick<ToastStore, 'getSnapshot' | 'subscribe'>): boolean {
  const [wanted, setWanted] = useState(() => store.getSnapshot().length > 0);
  useEffect(() => {
    if (wanted) return;
    let active = true;
    const want = () => setWanted(true);
    const intent = () => afterFirstPaint(() => active && want());
    if (store.getSnapshot().length > 0) return want();
    const unsubscribe = store.subscribe(() => {
      if (store.getSnapshot().length > 0) want();
    });
    for (const type of INTENT_EVENTS) window.addEventListener(type, intent, { capture: true, once: true, passive: true });
    return () => {
      active = false;
      unsubscribe();
      for (const type of INTENT_EVENTS) window.removeEventListener(type, intent, { capture: true });
    };
  }, [store, wanted]);
  return wanted;
}
