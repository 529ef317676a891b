import { describe, expect, it } from 'vitest';
import { contrastPairs, tokens } from '../../src/styles/tokens.ts';

/** WCAG 2.x relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('theme colours meet WCAG 2.2 AA', () => {
  it('computes contrast like the standard (black on white is 21:1, #777 on white fails 4.5)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it.each(contrastPairs)('$name: $fg on $bg ≥ $min:1', ({ fg, bg, min }) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(min);
  });

  it('checks every colour used for text at least once', () => {
    const textColours = Object.entries(tokens.color)
      .filter(([name]) => /text|Text|^on|link/.test(name))
      .map(([, value]) => value);
    const checked = new Set(contrastPairs.map((p) => p.fg));
    expect(textColours.filter((c) => !checked.has(c))).toEqual([]);
  });
});
