import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const block = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.md });
export const figure = style({
  margin: 0,
  padding: vars.space.sm,
  width: '100%',
  maxWidth: '36rem',
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
});
export const image = style({ display: 'block', width: '100%', height: 'auto' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });
export const link = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.control });
export const padLoading = style({ minHeight: '150px', margin: 0 });
export const saveHint = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const error = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.dangerText, fontWeight: vars.font.weight.bold });
