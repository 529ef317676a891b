/**
 * The feed's address as a QR code, to subscribe from a phone while looking at a computer. The encoder (lean-qr,
 * docs/decisions/111-qr-code-library.md) loads only when a code is shown, so neither the first load nor the planning
 * route's own chunk carries it. Drawn as an SVG path: no canvas, no data URL, nothing the CSP would have to allow.
 */
import { useEffect, useState } from 'react';
import { m } from '../../paraglide/messages.js';
import * as s from './calendar-feed.css.ts';

type Drawn = { text: string; size: number; path: string } | { text: string; failed: true };

/** The code's modules as one SVG path (its quiet zone is the viewBox's margin). */
export async function qrPath(text: string): Promise<{ size: number; path: string }> {
  const [{ generate, correction }, { toSvgPath }] = await Promise.all([import('lean-qr'), import('lean-qr/extras/svg')]);
  const code = generate(text, { minCorrectionLevel: correction.M });
  return { size: code.size, path: toSvgPath(code) };
}

const QUIET = 4;

export function FeedQrCode({ text }: { text: string }) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    let live = true;
    qrPath(text).then(
      (qr) => live && setDrawn({ text, ...qr }),
      () => live && setDrawn({ text, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  const current = drawn?.text === text ? drawn : null;
  return (
    <figure className={s.qr}>
      <div className={s.qrBox} data-qr={current ? ('failed' in current ? 'failed' : 'ready') : 'loading'}>
        {current && !('failed' in current) ? (
          <svg
            className={s.qrImage}
            role="img"
            aria-label={m.calendarFeed_qrLabel()}
            viewBox={`${-QUIET} ${-QUIET} ${current.size + 2 * QUIET} ${current.size + 2 * QUIET}`}
            shapeRendering="crispEdges"
          >
            <rect x={-QUIET} y={-QUIET} width={current.size + 2 * QUIET} height={current.size + 2 * QUIET} fill="#ffffff" />
            <path d={current.path} fill="currentColor" />
          </svg>
        ) : null}
      </div>
      <figcaption className={s.qrCaption}>{current && 'failed' in current ? m.calendarFeed_qrFailed() : m.calendarFeed_qrHint()}</figcaption>
    </figure>
  );
}
