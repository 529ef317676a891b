import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const page = style({ maxWidth: vars.size.content, width: '100%' });
/**
 * A word longer than a phone's line (Dutch compounds: "Toegankelijkheidsverklaring" at 390 px) breaks with a hyphen:
 * where the browser has a dictionary for `<html lang>` (phones do), anywhere it allows; everywhere, at the soft
 * hyphen (U+00AD) the message carries. The body's `overflow-wrap: anywhere` stays the last resort.
 */
export const heading = style({
  fontSize: vars.font.size.xl,
  margin: `0 0 ${vars.space.lg}`,
  hyphens: 'auto',
  '@media': { 'screen and (min-width: 40em)': { fontSize: vars.font.size.xxl } },
});
