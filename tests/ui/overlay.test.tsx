// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createOverlayStore, withOverlay } from '../../src/ui/overlay-store.ts';
import { LoadingOverlay } from '../../src/ui/loading-overlay.tsx';
import * as s from '../../src/ui/loading-overlay.css.ts';
import { m } from '../../src/paraglide/messages.js';

describe('loading overlay', () => {
  it('stays on until every holder released it; releasing twice is harmless', () => {
    const store = createOverlayStore();
    const saving = store.acquire();
    const reloading = store.acquire();
    saving();
    saving();
    expect(store.isActive()).toBe(true);
    reloading();
    expect(store.isActive()).toBe(false);
  });

  it('withOverlay releases even when the work fails', async () => {
    const store = createOverlayStore();
    const seen: boolean[] = [];
    await expect(
      withOverlay(store, async () => {
        seen.push(store.isActive());
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(seen).toEqual([true]);
    expect(store.isActive()).toBe(false);
  });

  it('covers the page while on and says "Loading" in a status region that is always present', () => {
    const store = createOverlayStore();
    render(<LoadingOverlay store={store} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    let release = () => {};
    act(() => {
      release = store.acquire();
    });
    expect(status.textContent).toBe(m.ui_loading());
    expect(screen.getByTestId('loading-overlay').className).toBe(s.overlay);
    act(() => release());
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});
