import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
export { actions, done, heading, muted, panel, problem, text } from '../../ui/panel.css.ts';

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
