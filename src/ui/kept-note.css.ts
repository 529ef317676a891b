import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/**
 * The note of the kept copies (kept-note.tsx): above the screen's top right corner, in <main>'s own padding, out of
 * the flow: it comes and goes without moving anything (no layout shift when the fresh answer replaces the copy).
 */
export const note = style({
  position: 'absolute',
  top: '0.125rem',
  right: vars.space.md,
  maxWidth: 'calc(100% - 2rem)',
  margin: 0,
  fontSize: vars.font.size.sm,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  color: vars.color.textMuted,
  pointerEvents: 'none',
  selectors: {
    '&[data-offline]': { padding: '0 0.25rem', borderRadius: vars.radius.sm, background: vars.color.warningBackground, color: vars.color.warningText },
  },
});
