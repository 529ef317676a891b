import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const root = style({ borderTop: `1px solid ${vars.color.borderSubtle}`, marginBottom: vars.space.lg });
export const item = style({ borderBottom: `1px solid ${vars.color.borderSubtle}` });
export const header = style({ margin: 0, fontSize: vars.font.size.lg });
export const trigger = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: vars.size.control,
  padding: `${vars.space.sm} ${vars.space.xs}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.link,
  fontWeight: vars.font.weight.bold,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surface } },
});
export const chevron = style({
  width: '0.6rem',
  height: '0.6rem',
  flex: 'none',
  borderRight: '3px solid currentColor',
  borderBottom: '3px solid currentColor',
  transform: 'rotate(45deg)',
  selectors: { [`${trigger}[data-state="open"] &`]: { transform: 'rotate(-135deg)' } },
});
export const content = style({ padding: `0 ${vars.space.xs} ${vars.space.md}` });
