/** The app starts after the first paint (src/prerender/after-first-paint.ts): after a frame and the task it queues. */
import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '../../src/prerender/after-first-paint.ts';

function fakeWindow(visibilityState: 'visible' | 'hidden') {
  const frames: Array<() => void> = [];
  const tasks: Array<() => void> = [];
  const listeners: Array<() => void> = [];
  const win = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
    document: { visibilityState, addEventListener: (_type: string, listener: () => void) => listeners.push(listener) },
  };
  const run = (queue: Array<() => void>) => queue.splice(0).forEach((callback) => callback());
  return { win: win as unknown as Parameters<typeof afterFirstPaint>[1], frame: () => run(frames), task: () => run(tasks), hide: () => run(listeners) };
}

describe('afterFirstPaint', () => {
  it('waits for the next frame, then for the task queued from it (after that frame has painted)', () => {
    const page = fakeWindow('visible');
    const start = vi.fn();
    afterFirstPaint(start, page.win);
    page.task();
    expect(start).not.toHaveBeenCalled();
    page.frame();
    expect(start).not.toHaveBeenCalled();
    page.task();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('in a hidden tab (no frames there): at once; and once only when the tab is hidden before its frame', () => {
    const hidden = fakeWindow('hidden');
    const start = vi.fn();
    afterFirstPaint(start, hidden.win);
    expect(start).toHaveBeenCalledTimes(1);

    const hiddenLater = fakeWindow('visible');
    const later = vi.fn();
    afterFirstPaint(later, hiddenLater.win);
    hiddenLater.hide();
    hiddenLater.frame();
    hiddenLater.task();
    expect(later).toHaveBeenCalledTimes(1);
  });
});
