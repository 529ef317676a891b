import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const summary = style({
  border: `4px solid ${vars.color.dangerAccent}`,
  padding: vars.space.md,
  marginBottom: vars.space.lg,
  background: vars.color.background,
});
export const title = style({ fontSize: vars.font.size.lg, marginBottom: vars.space.sm });
export const list = style({ margin: 0, paddingLeft: vars.space.lg });
export const link = style({
  color: vars.color.dangerText,
  fontWeight: vars.font.weight.bold,
  selectors: { '&:visited': { color: vars.color.dangerText } },
});
