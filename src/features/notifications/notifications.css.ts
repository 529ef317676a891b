import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const panel = style({
  margin: `${vars.space.md} 0`,
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const heading = style({ fontSize: vars.font.size.lg, margin: `0 0 ${vars.space.xs}` });
export const text = style({ margin: `0 0 ${vars.space.sm}` });
export const muted = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', margin: `${vars.space.sm} 0` });
export const problem = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.dangerText, fontWeight: vars.font.weight.bold });
export const done = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.successText });
export const fieldset = style({ margin: 0, padding: 0, border: 'none', display: 'grid', gap: vars.space.xs });
export const times = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const item = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  selectors: { '&[data-read="false"]': { borderLeft: `6px solid ${vars.color.primary}` } },
});
export const itemLink = style({ fontWeight: vars.font.weight.bold, color: vars.color.link });
export const itemBody = style({ margin: `${vars.space.xxs} 0` });
export const itemTime = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const newMark = style({
  marginInlineStart: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: '999px',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.font.size.sm,
});
