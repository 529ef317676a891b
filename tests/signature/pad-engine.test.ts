/**
 * The signature pad's engine: pointer input is buffered and painted at most once per animation frame, with
 * perfect-freehand and the pen of spec §9; a pen's pressure counts, a mouse's does not; the bitmap follows the
 * box and the device pixel ratio; an empty pad gives nothing to save.
 */
import { describe, expect, it, vi } from 'vitest';
import { PadEngine, type Point } from '../../src/features/signature/pad-engine.ts';
import { FAKE_PNG, fakeCanvas, manualFrames } from './fake-canvas.ts';

function setup(ratio = 1) {
  const frames = manualFrames();
  const { canvas, ctx, points } = fakeCanvas();
  const onEmptyChange = vi.fn();
  const pad = new PadEngine(canvas, { scheduler: frames, pixelRatio: () => ratio, onEmptyChange });
  pad.resize(400, 150);
  ctx.clearRect.mockClear();
  return { pad, frames, canvas, ctx, points, onEmptyChange };
}

/** A stroke of `n` samples from left to right along a wave. */
const wave = (n: number, pressure = 0.5): Point[] => Array.from({ length: n }, (_, i) => [20 + i * 3, 75 + Math.sin(i / 4) * 30, pressure]);

/** How tall the painted outline is (the stroke's thickness shows in it). */
const spread = (points: Array<[number, number]>) => Math.max(...points.map((p) => p[1])) - Math.min(...points.map((p) => p[1]));

describe('PadEngine', () => {
  it('paints once per animation frame however many pointer moves arrive (never per move)', () => {
    const { pad, frames, ctx } = setup();
    pad.pointerDown([10, 10, 0.5], 'mouse');
    for (const point of wave(60)) pad.pointerMove([point]);
    expect(ctx.clearRect).not.toHaveBeenCalled();
    expect(frames.pending()).toBe(1);
    frames.frame();
    expect(ctx.clearRect).toHaveBeenCalledTimes(1);
    expect(ctx.fill).toHaveBeenCalledTimes(1);

    // The next burst, coalesced samples included, is again one paint.
    pad.pointerMove(wave(30).map(([x, y, p]) => [x + 200, y, p] as Point));
    pad.pointerMove(wave(30).map(([x, y, p]) => [x + 250, y, p] as Point));
    frames.frame();
    expect(ctx.clearRect).toHaveBeenCalledTimes(2);
    frames.frame();
    expect(ctx.clearRect).toHaveBeenCalledTimes(2);
  });

  it('keeps finished strokes and repaints them with the one in progress', () => {
    const { pad, frames, ctx } = setup();
    pad.pointerDown([10, 10, 0.5], 'touch');
    pad.pointerMove(wave(20));
    pad.pointerUp();
    pad.pointerDown([30, 100, 0.5], 'touch');
    pad.pointerMove(wave(20).map(([x, y, p]) => [x, y + 20, p] as Point));
    frames.frame();
    expect(ctx.clearRect).toHaveBeenCalledTimes(1);
    expect(ctx.fill).toHaveBeenCalledTimes(2);
  });

  it('ignores moves without a pressed pointer and points closer than a pixel', () => {
    const { pad, frames, ctx } = setup();
    pad.pointerMove(wave(10));
    expect(frames.pending()).toBe(0);
    pad.pointerDown([50, 50, 0.5], 'mouse');
    frames.frame();
    const tap = ctx.quadraticCurveTo.mock.calls.length;
    expect(tap).toBeGreaterThan(2); // a tap leaves a dot
    ctx.quadraticCurveTo.mockClear();
    pad.pointerMove([
      [50.2, 50.3, 0.5],
      [50.4, 50.1, 0.5],
    ]);
    frames.frame();
    // Still the single point: the same dot.
    expect(ctx.quadraticCurveTo.mock.calls.length).toBe(tap);
  });

  it('draws a pen with its pressure, and a mouse with simulated pressure', () => {
    const thickness = (pointerType: string, pressure: number) => {
      const { pad, frames, points } = setup();
      const stroke: Point[] = Array.from({ length: 40 }, (_, i) => [20 + i * 8, 75, pressure]);
      pad.pointerDown(stroke[0]!, pointerType);
      pad.pointerMove(stroke.slice(1));
      pad.pointerUp();
      points.length = 0;
      frames.frame();
      return spread(points);
    };
    expect(thickness('pen', 1)).toBeGreaterThan(thickness('pen', 0.1) * 1.5);
    expect(thickness('mouse', 1)).toBeCloseTo(thickness('mouse', 0.1), 5);
  });

  it('sizes the bitmap for the device pixel ratio and repaints at once when resized', () => {
    const { pad, frames, canvas, ctx } = setup(2);
    expect([canvas.width, canvas.height]).toEqual([800, 300]);
    pad.pointerDown([10, 10, 0.5], 'mouse');
    pad.pointerMove(wave(10));
    pad.resize(320, 150);
    expect([canvas.width, canvas.height]).toEqual([640, 300]);
    expect(ctx.clearRect).toHaveBeenCalledTimes(1);
    expect(ctx.setTransform).toHaveBeenLastCalledWith(2, 0, 0, 2, 0, 0);
    expect(frames.pending()).toBe(0);
    pad.resize(320, 150);
    expect(ctx.clearRect).toHaveBeenCalledTimes(1);
  });

  it('gives nothing to save when empty; otherwise the PNG of an up-to-date paint', () => {
    const { pad, frames, canvas, ctx } = setup();
    expect(pad.toDataURL()).toBeNull();
    pad.pointerDown([10, 10, 0.5], 'mouse');
    pad.pointerMove(wave(10));
    expect(pad.toDataURL()).toBe(FAKE_PNG);
    expect(canvas.toDataURL).toHaveBeenCalledWith('image/png');
    // The stroke was finished and painted before the image was taken; no frame is left pending.
    expect(ctx.clearRect).toHaveBeenCalledTimes(1);
    expect(frames.pending()).toBe(0);
    pad.clear();
    expect(pad.toDataURL()).toBeNull();
  });

  it('tells when it goes from empty to drawn and back, not on every move', () => {
    const { pad, onEmptyChange } = setup();
    pad.pointerDown([10, 10, 0.5], 'mouse');
    pad.pointerMove(wave(30));
    pad.pointerUp();
    expect(onEmptyChange.mock.calls).toEqual([[false]]);
    pad.clear();
    expect(onEmptyChange.mock.calls).toEqual([[false], [true]]);
  });

  it('paints a typed name as the signature (the keyboard way), fitted to the width', () => {
    const { pad, frames, ctx, onEmptyChange } = setup();
    pad.setText('Ada Lovelace');
    frames.frame();
    expect(ctx.fillText).toHaveBeenCalledWith('Ada Lovelace', 200, 75, 368);
    expect(ctx.font).toMatch(/^italic \d+(\.\d+)?px .*cursive$/);
    expect(onEmptyChange.mock.calls).toEqual([[false]]);
    expect(pad.toDataURL()).toBe(FAKE_PNG);
    pad.setText('   ');
    expect(pad.toDataURL()).toBeNull();
    // A long name is made smaller to fit.
    pad.setText('Anne-Marie Van den Broeck-Vanderstraeten');
    frames.frame();
    expect(Number(/(\d+(\.\d+)?)px/.exec(ctx.font)![1])).toBeLessThan(64);
  });

  it('cancels its pending frame when destroyed', () => {
    const { pad, frames } = setup();
    pad.pointerDown([10, 10, 0.5], 'mouse');
    expect(frames.pending()).toBe(1);
    pad.destroy();
    expect(frames.pending()).toBe(0);
  });
});
