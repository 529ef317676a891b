/**
 * The drawing pad of the signature dialog, loaded lazily with perfect-freehand (its own chunk, fetched only
 * when the dialog opens: §11). Two ways to sign (docs/decisions/061-…):
 *  - draw with a mouse, a finger or a pen (pointer events, pointer capture, coalesced samples, pen pressure);
 *  - type one's name, painted on the same canvas in a handwriting face: the keyboard and screen-reader way.
 * The canvas follows the dialog's width (ResizeObserver: when the dialog opens and on every resize) and is
 * SIGNATURE_CANVAS_HEIGHT_PX high; painting is PadEngine's, once per animation frame.
 */
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { SIGNATURE_CANVAS_HEIGHT_PX } from '#domain/constants.ts';
import { m } from '../../paraglide/messages.js';
import { TextField } from '../../ui/field.tsx';
import type { PadHandle, PadMode } from './pad-handle.ts';
import { PadEngine, type Point } from './pad-engine.ts';
import * as s from './signature-pad.css.ts';

export type SignaturePadProps = {
  ref?: Ref<PadHandle>;
  onEmptyChange: (empty: boolean) => void;
  /** The worker's name, offered when they choose to type it (WCAG 3.3.7: never ask twice). */
  defaultName: string;
  disabled?: boolean;
};

export default function SignaturePad({ ref, onEmptyChange, defaultName, disabled = false }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const engine = useRef<PadEngine | null>(null);
  const [mode, setMode] = useState<PadMode>('draw');
  const [name, setName] = useState(defaultName);
  const hintId = useId();
  const firstChoice = useRef<HTMLInputElement>(null);
  const emptyChange = useRef(onEmptyChange);
  useEffect(() => {
    emptyChange.current = onEmptyChange;
  }, [onEmptyChange]);

  useImperativeHandle(ref, () => ({
    toDataURL: () => engine.current?.toDataURL() ?? null,
    clear: () => {
      setName('');
      engine.current?.clear();
    },
  }));

  // The dialog's first control once the pad is there (the dialog held the focus while it loaded).
  useEffect(() => firstChoice.current?.focus(), []);

  // The engine and the canvas size: created with the canvas, resized when the dialog opens and on resize.
  useEffect(() => {
    const element = canvas.current!;
    const pad = new PadEngine(element, { onEmptyChange: (empty) => emptyChange.current(empty) });
    engine.current = pad;
    const fit = () => pad.resize(box.current?.clientWidth ?? element.clientWidth, SIGNATURE_CANVAS_HEIGHT_PX);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box.current!);
    // Zooming changes devicePixelRatio without always changing the box: refit on window resizes too.
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      pad.destroy();
      engine.current = null;
    };
  }, []);

  // Pointer input goes straight to the engine (no React state per move).
  useEffect(() => {
    const element = canvas.current!;
    if (mode !== 'draw' || disabled) return;
    let origin = element.getBoundingClientRect();
    // The engine keeps a pen's pressure and simulates it for mouse and touch.
    const toPoint = (event: PointerEvent): Point => [event.clientX - origin.left, event.clientY - origin.top, event.pressure];
    const down = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      event.preventDefault();
      try {
        // Keep receiving the stroke when the pointer leaves the canvas (a fast signature overshoots).
        element.setPointerCapture(event.pointerId);
      } catch {
        // Not an active pointer (a synthetic event): draw without capture.
      }
      origin = element.getBoundingClientRect();
      engine.current?.pointerDown(toPoint(event), event.pointerType);
    };
    const move = (event: PointerEvent) => {
      if (!engine.current?.isDrawing) return;
      const samples = event.getCoalescedEvents?.() ?? [];
      engine.current.pointerMove((samples.length > 0 ? samples : [event]).map(toPoint));
    };
    const up = () => engine.current?.pointerUp();
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
    element.addEventListener('lostpointercapture', up);
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
      element.removeEventListener('lostpointercapture', up);
    };
  }, [mode, disabled]);

  const choose = (next: PadMode) => {
    setMode(next);
    if (next === 'type') engine.current?.setText(name);
    else engine.current?.clear();
  };

  return (
    <div className={s.pad}>
      <fieldset className={s.modes} disabled={disabled}>
        <legend className={s.legend}>{m.signature_modeLegend()}</legend>
        {(['draw', 'type'] as const).map((value) => (
          <label key={value} className={s.mode}>
            <input
              ref={value === 'draw' ? firstChoice : undefined}
              type="radio"
              name="signature-mode"
              value={value}
              checked={mode === value}
              onChange={() => choose(value)}
              className={s.radio}
            />
            {value === 'draw' ? m.signature_modeDraw() : m.signature_modeType()}
          </label>
        ))}
      </fieldset>
      {mode === 'type' ? (
        <TextField
          label={m.signature_typedNameLabel()}
          hint={m.signature_typedNameHint()}
          value={name}
          autoComplete="name"
          disabled={disabled}
          onChange={(event) => {
            setName(event.target.value);
            engine.current?.setText(event.target.value);
          }}
        />
      ) : null}
      <p id={hintId} className={s.hint}>
        {mode === 'draw' ? m.signature_padHint() : m.signature_previewHint()}
      </p>
      {/* The box carries the name (an image of the signature); the canvas inside is only its surface. */}
      <div ref={box} className={s.box} role="img" aria-label={mode === 'draw' ? m.signature_padLabel() : m.signature_previewLabel()} aria-describedby={hintId}>
        <canvas ref={canvas} className={s.canvas} data-mode={mode} data-testid="signature-pad" />
      </div>
    </div>
  );
}
