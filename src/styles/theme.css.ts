/**
 * The one theme contract (`vars`) and the global styles. Components style themselves with `vars.*` only, so
 * the tokens (tokens.ts, contrast-checked) are the single place a colour, size or spacing lives.
 */
import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { tokens } from './tokens.ts';

export const vars = createGlobalTheme(':root', {
  color: tokens.color,
  space: tokens.space,
  radius: tokens.radius,
  font: tokens.font,
  size: tokens.size,
});

/** Media query for the desktop layout (phone first: everything else is the default). */
export const desktop = `screen and (min-width: ${tokens.breakpoint.desktop})`;

/** The focus indicator: a dark ring with a light halo, visible on every background (WCAG 2.4.7, 2.4.13). */
export const focusRing = {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 5px ${vars.color.focusHalo}`,
} as const;

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontFamily: vars.font.body,
  fontSize: '100%',
  lineHeight: vars.font.lineHeight.body,
  color: vars.color.text,
  background: vars.color.background,
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', { margin: 0, minWidth: '320px', overflowWrap: 'anywhere' });

globalStyle('h1, h2, h3, h4', { lineHeight: vars.font.lineHeight.tight, marginTop: 0 });

globalStyle('a', { color: vars.color.link, textUnderlineOffset: '0.15em' });
globalStyle('a:visited', { color: vars.color.linkVisited });
globalStyle('a:hover', { textDecorationThickness: '3px' });

globalStyle(':focus-visible', focusRing);
globalStyle('[tabindex="-1"]:focus', { outline: 'none', boxShadow: 'none' });

globalStyle('img, svg, canvas', { maxWidth: '100%' });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('*', {
  '@media': {
    '(prefers-reduced-motion: reduce)': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
  },
});
