/**
 * The signature pad without React: what was drawn (or typed) and how it is painted on the canvas.
 *
 * - Pointer input goes into plain arrays (never React state): a move only records points and asks for a frame.
 * - Painting happens at most once per animation frame (tldraw's "dirty flag + tick"): however many pointer
 *   moves arrive between two frames, the canvas is repainted once (so a pointer's burst of moves costs one paint, not one each).
 * - Strokes use perfect-freehand with the pen of spec §9: `[x, y, pressure]` points, real pressure for a pen
 *   and simulated pressure for mouse and touch, `last: true` once the stroke is finished (its outline is then
 *   computed once and cached).
 * - Coordinates are CSS pixels; the bitmap has devicePixelRatio times as many pixels (crisp on high-DPI), and
 *   a resize repaints from the points, so nothing is lost when the dialog changes width.
 * - A typed name (the keyboard way to sign, docs/decisions/061-…) is painted as text in a handwriting face
 *   on the same canvas: one image, one save path.
 */
import { getStroke } from 'perfect-freehand';
import { SIGNATURE_PEN } from '#domain/constants.ts';

export type Point = [x: number, y: number, pressure: number];
type Stroke = { points: Point[]; pen: boolean; outline: number[][] | null };

/** What the engine needs of a 2D context (a fake one in the tests). */
export type PadContext = Pick<
  CanvasRenderingContext2D,
  'setTransform' | 'clearRect' | 'beginPath' | 'moveTo' | 'quadraticCurveTo' | 'closePath' | 'fill' | 'fillText' | 'measureText'
> & { fillStyle: unknown; font: string; textBaseline: CanvasTextBaseline; textAlign: CanvasTextAlign };

export type PadCanvas = { width: number; height: number; getContext(kind: '2d'): PadContext | null; toDataURL(type: 'image/png'): string };

export type FrameScheduler = { request: (paint: () => void) => number; cancel: (id: number) => void };

export type PadOptions = {
  scheduler?: FrameScheduler;
  pixelRatio?: () => number;
  /** Called when the pad goes from empty to drawn or back (the Save and Clear buttons follow it). */
  onEmptyChange?: (empty: boolean) => void;
  ink?: string;
};

/** Closer points than this (CSS px) add nothing but work. */
const MIN_DISTANCE = 1;
/** What mouse and touch samples carry: perfect-freehand then simulates pressure from the speed. */
const NEUTRAL_PRESSURE = 0.5;
const TEXT_FONT = '"Segoe Script", "Brush Script MT", "Lucida Handwriting", "URW Chancery L", cursive';

const browserScheduler: FrameScheduler = {
  request: (paint) => requestAnimationFrame(paint),
  cancel: (id) => cancelAnimationFrame(id),
};

export class PadEngine {
  private readonly strokes: Stroke[] = [];
  private current: Stroke | null = null;
  private text = '';
  private frame: number | null = null;
  private cssWidth = 0;
  private cssHeight = 0;
  private wasEmpty = true;
  private readonly scheduler: FrameScheduler;
  private readonly pixelRatio: () => number;

  constructor(
    private readonly canvas: PadCanvas,
    private readonly options: PadOptions = {},
  ) {
    this.scheduler = options.scheduler ?? browserScheduler;
    this.pixelRatio = options.pixelRatio ?? (() => globalThis.devicePixelRatio || 1);
  }

  get isEmpty(): boolean {
    return this.strokes.length === 0 && this.current === null && this.text.trim() === '';
  }

  get isDrawing(): boolean {
    return this.current !== null;
  }

  /** The canvas box changed (the dialog opened, the window was resized): new bitmap size, then repaint. */
  resize(cssWidth: number, cssHeight: number): void {
    const ratio = this.pixelRatio();
    const width = Math.max(1, Math.round(cssWidth * ratio));
    const height = Math.max(1, Math.round(cssHeight * ratio));
    if (width === this.canvas.width && height === this.canvas.height && cssWidth === this.cssWidth) return;
    this.cssWidth = cssWidth;
    this.cssHeight = cssHeight;
    // Setting the size clears the bitmap: paint now, not a frame later (no blank flash).
    this.canvas.width = width;
    this.canvas.height = height;
    this.paintNow();
  }

  /** `point[2]` is the device's pressure: it counts for a pen only (mouse and touch report 0.5 or nothing useful). */
  pointerDown(point: Point, pointerType: string): void {
    this.text = '';
    const pen = pointerType === 'pen';
    this.current = { points: [sample(point, pen)], pen, outline: null };
    this.changed();
  }

  /** One pointermove may carry several coalesced samples. */
  pointerMove(points: readonly Point[]): void {
    const stroke = this.current;
    if (!stroke) return;
    for (const point of points) {
      const last = stroke.points[stroke.points.length - 1]!;
      if (Math.hypot(point[0] - last[0], point[1] - last[1]) < MIN_DISTANCE) continue;
      stroke.points.push(sample(point, stroke.pen));
    }
    this.invalidate();
  }

  pointerUp(): void {
    const stroke = this.current;
    if (!stroke) return;
    stroke.outline = outlineOf(stroke, true);
    this.strokes.push(stroke);
    this.current = null;
    this.changed();
  }

  /** The typed name (the keyboard way); an empty string shows nothing. Replaces any drawing. */
  setText(name: string): void {
    this.strokes.length = 0;
    this.current = null;
    this.text = name;
    this.changed();
  }

  clear(): void {
    this.strokes.length = 0;
    this.current = null;
    this.text = '';
    this.changed();
  }

  /** The PNG of what is on the pad, painted up to date first; null when the pad is empty. */
  toDataURL(): string | null {
    if (this.current) this.pointerUp();
    if (this.isEmpty) return null;
    this.paintNow();
    return this.canvas.toDataURL('image/png');
  }

  destroy(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame);
    this.frame = null;
  }

  /** Ask for a paint at the next frame (once, however often it is asked). */
  private invalidate(): void {
    if (this.frame !== null) return;
    this.frame = this.scheduler.request(() => {
      this.frame = null;
      this.paint();
    });
  }

  private changed(): void {
    const empty = this.isEmpty;
    if (empty !== this.wasEmpty) {
      this.wasEmpty = empty;
      this.options.onEmptyChange?.(empty);
    }
    this.invalidate();
  }

  private paintNow(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame);
    this.frame = null;
    this.paint();
  }

  private paint(): void {
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    const ratio = this.canvas.width / Math.max(1, this.cssWidth);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, this.cssWidth, this.cssHeight);
    ctx.fillStyle = this.options.ink ?? '#1b1f24';
    for (const stroke of this.strokes) fillOutline(ctx, stroke.outline ?? outlineOf(stroke, true));
    if (this.current) fillOutline(ctx, outlineOf(this.current, false));
    if (this.text.trim()) this.paintText(ctx);
  }

  private paintText(ctx: PadContext): void {
    const name = this.text.trim();
    const margin = 16;
    let size = Math.min(64, this.cssHeight * 0.5);
    ctx.font = `italic ${size}px ${TEXT_FONT}`;
    const measured = ctx.measureText(name).width;
    const room = Math.max(1, this.cssWidth - 2 * margin);
    if (measured > room) {
      size = Math.max(12, (size * room) / measured);
      ctx.font = `italic ${size}px ${TEXT_FONT}`;
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(name, this.cssWidth / 2, this.cssHeight / 2, room);
  }
}

const sample = (point: Point, pen: boolean): Point => (pen && point[2] > 0 ? point : [point[0], point[1], NEUTRAL_PRESSURE]);

function outlineOf(stroke: Stroke, last: boolean): number[][] {
  return getStroke(stroke.points, { ...SIGNATURE_PEN, simulatePressure: !stroke.pen, last });
}

/**
 * The outline as a closed shape of quadratic curves through midpoints (perfect-freehand's README recipe). A
 * single point (a tap) has a round outline too: it leaves a dot.
 */
function fillOutline(ctx: PadContext, outline: number[][]): void {
  if (outline.length === 0) return;
  ctx.beginPath();
  const [x0, y0] = outline[0]!;
  ctx.moveTo(x0!, y0!);
  for (let i = 0; i < outline.length; i++) {
    const [ax, ay] = outline[i]!;
    const [bx, by] = outline[(i + 1) % outline.length]!;
    ctx.quadraticCurveTo(ax!, ay!, (ax! + bx!) / 2, (ay! + by!) / 2);
  }
  ctx.closePath();
  ctx.fill();
}
