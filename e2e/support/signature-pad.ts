/**
 * Drawing on the signature pad as a worker would: a mouse with Playwright's real input (page.mouse), a finger
 * and a pen with dispatched PointerEvents (pointerType 'touch' / 'pen', with pressure), and reading how much
 * ink an image or the pad holds (a saved signature must not be blank).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const pad = (page: Page) => page.getByTestId('signature-pad');

/** A zigzag across the pad, in fractions of its box. */
const STROKE: Array<[number, number]> = [
  [0.1, 0.6],
  [0.2, 0.3],
  [0.3, 0.7],
  [0.4, 0.35],
  [0.5, 0.65],
  [0.6, 0.3],
  [0.7, 0.6],
  [0.8, 0.4],
];

async function box(canvas: Locator) {
  await expect(canvas).toBeVisible();
  const found = await canvas.boundingBox();
  if (!found) throw new Error('the signature pad has no box');
  return found;
}

/** Real mouse input: down, many moves (Playwright interpolates `steps` moves between points), up. */
export async function drawWithMouse(page: Page): Promise<void> {
  const b = await box(pad(page));
  const at = ([fx, fy]: [number, number]) => [b.x + fx * b.width, b.y + fy * b.height] as const;
  await page.mouse.move(...at(STROKE[0]!));
  await page.mouse.down();
  for (const point of STROKE.slice(1)) await page.mouse.move(...at(point), { steps: 6 });
  await page.mouse.up();
}

/** A finger or a pen: PointerEvents dispatched on the canvas, with the pressure a device would report. */
export async function drawWithPointer(page: Page, pointerType: 'touch' | 'pen', pressure = 0.5): Promise<void> {
  await box(pad(page));
  await pad(page).evaluate(
    (canvas: HTMLCanvasElement, { stroke, pointerType, pressure }) => {
      const rect = canvas.getBoundingClientRect();
      const init = (fx: number, fy: number, buttons: number): PointerEventInit => ({
        bubbles: true,
        cancelable: true,
        composed: true,
        pointerId: pointerType === 'pen' ? 7 : 3,
        pointerType,
        isPrimary: true,
        pressure: buttons ? pressure : 0,
        width: pointerType === 'touch' ? 20 : 1,
        height: pointerType === 'touch' ? 20 : 1,
        buttons,
        button: buttons ? 0 : -1,
        clientX: rect.left + fx * rect.width,
        clientY: rect.top + fy * rect.height,
      });
      const [first, ...rest] = stroke;
      canvas.dispatchEvent(new PointerEvent('pointerdown', init(first![0], first![1], 1)));
      let [px, py] = first!;
      for (const [fx, fy] of rest) {
        for (let i = 1; i <= 6; i++) {
          canvas.dispatchEvent(new PointerEvent('pointermove', init(px + ((fx - px) * i) / 6, py + ((fy - py) * i) / 6, 1)));
        }
        [px, py] = [fx, fy];
      }
      canvas.dispatchEvent(new PointerEvent('pointerup', init(px, py, 0)));
    },
    { stroke: STROKE, pointerType, pressure },
  );
}

/** Opaque pixels of the pad's bitmap (after the next animation frame has painted). */
export async function padInk(page: Page): Promise<number> {
  return pad(page).evaluate(
    (canvas: HTMLCanvasElement) =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let ink = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink++;
          resolve(ink);
        }),
      ),
  );
}

/** Opaque pixels of an <img> (the saved signature as the page shows it). */
export async function imageInk(image: Locator): Promise<number> {
  await expect(image).toBeVisible();
  return image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink++;
    return ink;
  });
}
