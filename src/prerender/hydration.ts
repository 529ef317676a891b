/**
 * Prerendered pages (docs/decisions/100-prerendered-pages.md): what the first client render must know so that it
 * equals the HTML the build wrote, and what may only show after React has hydrated that HTML.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates prerendered HTML, true from the next render on (and from the first
 * render of a page React renders itself). What depends on the browser (a toast, a banner read from the URL, an
 * e-mail remembered in storage) shows once this is true: the hydrating render must equal the prerendered one.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
