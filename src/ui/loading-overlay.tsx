import { useSyncExternalStore } from 'react';
import { m } from '../paraglide/messages.js';
import type { OverlayStore } from './overlay-store.ts';
import * as s from './loading-overlay.css.ts';

/**
 * Covers the page while the overlay store is held. The status region is always in the page so that the
 * "Loading…" text is announced when it appears (WCAG 4.1.3).
 */
export function LoadingOverlay({ store }: { store: OverlayStore }) {
  const active = useSyncExternalStore(store.subscribe, store.isActive, store.isActive);
  return (
    <div role="status">
      {active ? (
        <div className={s.overlay} data-testid="loading-overlay">
          <div className={s.panel}>
            <span className={s.spinner} aria-hidden="true" />
            {m.ui_loading()}
          </div>
        </div>
      ) : null}
    </div>
  );
}
