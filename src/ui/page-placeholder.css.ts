import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/**
 * The shapes of a screen to come (page-placeholder.tsx), where the screen will be: the heading's line (Page's
 * heading: xl, xxl from 40em, tight line height, lg below) and cards in the summary's rhythm. Plain blocks, no
 * animation: nothing to repaint while the calls run, and nothing that moves for someone who asked for less motion.
 */
export const placeholder = style({ maxWidth: vars.size.content, width: '100%' });

export const heading = style({
  height: `calc(${vars.font.size.xl} * ${vars.font.lineHeight.tight})`,
  width: '12rem',
  maxWidth: '60%',
  margin: `0 0 ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  '@media': { 'screen and (min-width: 40em)': { height: `calc(${vars.font.size.xxl} * ${vars.font.lineHeight.tight})` } },
});

export const card = style({
  height: '7.5rem',
  marginBottom: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  background: vars.color.surface,
});
