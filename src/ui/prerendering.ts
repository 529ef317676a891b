/**
 * True while the build prerenders a page (src/prerender/render.tsx provides it), false in the browser. What the
 * prerendered HTML must hold that the app's own render must not: a submit button disabled until the page's entry
 * has run (src/ui/button.tsx, docs/decisions/224-held-submits.md). The entry puts the page as the app renders it
 * before React hydrates it, so the hydrating render still equals the HTML.
 */
import { createContext } from 'react';

export const Prerendering = createContext(false);
