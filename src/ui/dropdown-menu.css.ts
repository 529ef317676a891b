import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.control,
  maxWidth: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  fontWeight: vars.font.weight.bold,
  textAlign: 'left',
  cursor: 'pointer',
});
export const caret = style({
  width: '0.5rem',
  height: '0.5rem',
  flex: 'none',
  borderRight: '2px solid currentColor',
  borderBottom: '2px solid currentColor',
  transform: 'rotate(45deg)',
});
export const content = style({
  zIndex: 30,
  minWidth: '14rem',
  maxWidth: 'calc(100vw - 1rem)',
  padding: vars.space.xxs,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: '0 6px 20px rgba(0, 0, 0, 0.2)',
});
export const item = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: vars.size.control,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:visited': { color: vars.color.text },
    '&[data-highlighted]': { background: vars.color.primary, color: vars.color.onPrimary },
  },
});
export const separator = style({ height: '1px', margin: `${vars.space.xxs} 0`, background: vars.color.borderSubtle });
