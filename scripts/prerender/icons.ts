/**
 * The portal's icons, drawn at build time from the design tokens (src/styles/tokens.ts): a white briefcase on the
 * primary colour. PNGs for the web app manifest (192 and 512, and a maskable 512 whose briefcase stays inside the
 * safe circle of 80 %), the apple-touch-icon (180, opaque: iOS rounds it itself), a 32 px favicon, and the same
 * drawing as an SVG favicon. docs/decisions/103-installable.md.
 */
import { pngFile } from '../../server/services/png.ts';
import { tokens } from '../../src/styles/tokens.ts';

type Rgba = [number, number, number, number];
const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Inside a rounded rectangle (unit coordinates). */
function inRoundedRect(x: number, y: number, [left, top, right, bottom]: readonly number[], radius: number): boolean {
  if (x < left! || x > right! || y < top! || y > bottom!) return false;
  const cx = Math.min(Math.max(x, left! + radius), right! - radius);
  const cy = Math.min(Math.max(y, top! + radius), bottom! - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * The briefcase in a unit box: the body, the handle (a rounded ring above it), and the band across it with its clasp
 * (both cut out of the body in the background colour, the clasp drawn back in white).
 */
export const BRIEFCASE = {
  body: [0.05, 0.3, 0.95, 0.9] as const,
  bodyRadius: 0.09,
  handleOuter: [0.31, 0.1, 0.69, 0.36] as const,
  handleInner: [0.39, 0.18, 0.61, 0.36] as const,
  handleRadius: 0.07,
  band: [0.05, 0.53, 0.95, 0.59] as const,
  clasp: [0.43, 0.47, 0.57, 0.65] as const,
  claspRadius: 0.03,
};

export function inBriefcase(x: number, y: number): boolean {
  const b = BRIEFCASE;
  if (inRoundedRect(x, y, b.clasp, b.claspRadius)) return true;
  if (inRoundedRect(x, y, b.band, 0)) return false;
  if (inRoundedRect(x, y, b.body, b.bodyRadius)) return true;
  return inRoundedRect(x, y, b.handleOuter, b.handleRadius) && !inRoundedRect(x, y, b.handleInner, b.handleRadius / 2) && y < b.body[1] + 0.02;
}

export type IconShape = {
  size: number;
  /** The share of the side the briefcase takes, centred. */
  glyph: number;
  /** Corner radius of the coloured background as a share of the side; 0 is a full square (maskable, apple-touch). */
  cornerRadius: number;
};

/** RGBA pixels, 4×4 samples per pixel so that edges are smooth. */
export function drawIcon({ size, glyph, cornerRadius }: IconShape): Uint8Array {
  const [pr, pg, pb] = rgb(tokens.color.primary);
  const [wr, wg, wb] = rgb(tokens.color.onPrimary);
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  const offset = (1 - glyph) / 2;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let ink = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          if (!inRoundedRect(x, y, [0, 0, 1, 1], cornerRadius)) continue;
          background++;
          if (inBriefcase((x - offset) / glyph, (y - offset) / glyph)) ink++;
        }
      }
      const total = samples * samples;
      const white = background ? ink / background : 0;
      const pixel: Rgba = [pr + (wr - pr) * white, pg + (wg - pg) * white, pb + (wb - pb) * white, (255 * background) / total];
      pixels.set(pixel.map(Math.round), (py * size + px) * 4);
    }
  }
  return pixels;
}

/** An 8-bit RGBA PNG. */
export function encodePng(size: number, pixels: Uint8Array): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  return pngFile(size, size, 6, raw, 9);
}

/** The icon files, by path in dist/, with what the manifest says of each. */
export const ICONS = [
  { file: 'icons/icon-192.png', shape: { size: 192, glyph: 0.62, cornerRadius: 0.2 }, purpose: 'any' },
  { file: 'icons/icon-512.png', shape: { size: 512, glyph: 0.62, cornerRadius: 0.2 }, purpose: 'any' },
  // Maskable: the platform cuts any shape out of the full square; the briefcase stays inside the central circle of 80 %.
  { file: 'icons/icon-maskable-512.png', shape: { size: 512, glyph: 0.5, cornerRadius: 0 }, purpose: 'maskable' },
  { file: 'icons/apple-touch-icon.png', shape: { size: 180, glyph: 0.6, cornerRadius: 0 }, purpose: null },
  { file: 'icons/favicon-32.png', shape: { size: 32, glyph: 0.7, cornerRadius: 0.18 }, purpose: null },
] as const;

const rect = ([left, top, right, bottom]: readonly number[], radius: number, fill: string) =>
  `<rect x="${left}" y="${top}" width="${(right! - left!).toFixed(2)}" height="${(bottom! - top!).toFixed(2)}" rx="${radius}" fill="${fill}"/>`;

/** The same drawing as an SVG favicon (crisp at any size). */
export function faviconSvg(): string {
  const b = BRIEFCASE;
  const primary = tokens.color.primary;
  const white = tokens.color.onPrimary;
  const glyph = 0.7;
  const offset = (1 - glyph) / 2;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">',
    rect([0, 0, 1, 1], 0.18, primary),
    `<g transform="translate(${offset} ${offset}) scale(${glyph})">`,
    `<clipPath id="above"><rect x="0" y="0" width="1" height="${b.body[1] + 0.02}"/></clipPath>`,
    `<path clip-path="url(#above)" fill="${white}" fill-rule="evenodd" d="${roundedRectPath(b.handleOuter, b.handleRadius)} ${roundedRectPath(b.handleInner, b.handleRadius / 2)}"/>`,
    rect(b.body, b.bodyRadius, white),
    rect(b.band, 0, primary),
    rect(b.clasp, b.claspRadius, white),
    '</g></svg>',
  ].join('');
}

function roundedRectPath([left, top, right, bottom]: readonly number[], r: number): string {
  const n = (v: number) => Number(v.toFixed(3));
  return (
    `M${n(left! + r)} ${n(top!)}H${n(right! - r)}A${r} ${r} 0 0 1 ${n(right!)} ${n(top! + r)}V${n(bottom! - r)}A${r} ${r} 0 0 1 ${n(right! - r)} ${n(bottom!)}` +
    `H${n(left! + r)}A${r} ${r} 0 0 1 ${n(left!)} ${n(bottom! - r)}V${n(top! + r)}A${r} ${r} 0 0 1 ${n(left! + r)} ${n(top!)}Z`
  );
}

export function iconFiles(): Array<{ file: string; bytes: Buffer | string }> {
  return [...ICONS.map(({ file, shape }) => ({ file, bytes: encodePng(shape.size, drawIcon(shape)) })), { file: 'favicon.svg', bytes: faviconSvg() }];
}
