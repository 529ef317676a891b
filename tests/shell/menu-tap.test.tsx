// @vitest-environment jsdom
/**
 * A main-menu entry answers the tap in its own frame: it is marked as the page at once, and the router renders the
 * page once that frame has painted (docs/decisions/223-tap-answered-first.md). A click with a modifier stays the
 * browser's (a new tab or window): the menu neither marks nor navigates.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { m } from '../../src/paraglide/messages.js';

const approved = { signedIn: true as const, username: 'Ada Lovelace', newAccount: false, statute: 1 as const };
const menu = () => screen.getByRole('navigation', { name: m.shell_mainNav() });

afterEach(() => vi.restoreAllMocks());

describe('a main-menu entry', () => {
  it('is marked in the tap’s frame, and the page follows once that frame has painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const { router } = await renderApp({ path: '/home', view: approved });
    const link = await waitFor(() => {
      const found = [...menu().querySelectorAll('a')].find((a) => a.getAttribute('href') === '/planning');
      if (!found) throw new Error('no planning entry');
      return found;
    });
    frames.length = 0;
    expect(fireEvent.click(link)).toBe(false);
    expect(link.dataset.tapped).toBe('true');
    expect(router.state.location.pathname).toBe('/home');
    // The frame paints: the navigation starts in the task after it.
    for (const frame of frames.splice(0)) frame(performance.now());
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning'));
    await waitFor(() => expect(link.dataset.tapped).toBeUndefined());
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('leaves a click with a modifier to the browser', async () => {
    const { router } = await renderApp({ path: '/home', view: approved });
    const link = await waitFor(() => {
      const found = [...menu().querySelectorAll('a')].find((a) => a.getAttribute('href') === '/planning');
      if (!found) throw new Error('no planning entry');
      return found;
    });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(link.dataset.tapped).toBeUndefined();
    expect(router.state.location.pathname).toBe('/home');
  });
});
