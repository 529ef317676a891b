/**
 * A canvas and 2D context that record what is painted (jsdom has no canvas; the engine needs only these), and
 * an animation-frame scheduler the test runs by hand.
 */
import { vi } from 'vitest';
import type { FrameScheduler, PadCanvas, PadContext } from '../../src/features/signature/pad-engine.ts';

export const FAKE_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function fakeContext() {
  const points: Array<[number, number]> = [];
  const ctx = {
    fillStyle: '' as unknown,
    font: '',
    textBaseline: 'alphabetic' as CanvasTextBaseline,
    textAlign: 'start' as CanvasTextAlign,
    setTransform: vi.fn(),
    clearRect: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn((x: number, y: number) => void points.push([x, y])),
    quadraticCurveTo: vi.fn((_cx: number, _cy: number, x: number, y: number) => void points.push([x, y])),
    closePath: vi.fn(),
    fill: vi.fn(),
    fillText: vi.fn(),
    measureText: vi.fn((text: string) => ({ width: text.length * 20 }) as TextMetrics),
  };
  return { ctx: ctx as typeof ctx & PadContext, points };
}

export function fakeCanvas() {
  const { ctx, points } = fakeContext();
  const canvas: PadCanvas & { toDataURL: ReturnType<typeof vi.fn> } = { width: 300, height: 150, getContext: () => ctx, toDataURL: vi.fn(() => FAKE_PNG) };
  return { canvas, ctx, points };
}

/** requestAnimationFrame by hand: `frame()` runs what was requested, as the browser does once per frame. */
export function manualFrames(): FrameScheduler & { pending: () => number; frame: () => void } {
  let next = 1;
  const queue = new Map<number, () => void>();
  return {
    request: (paint) => {
      queue.set(next, paint);
      return next++;
    },
    cancel: (id) => void queue.delete(id),
    pending: () => queue.size,
    frame: () => {
      const due = [...queue.values()];
      queue.clear();
      due.forEach((paint) => paint());
    },
  };
}
