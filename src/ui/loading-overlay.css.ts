import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { spinner as buttonSpinner } from './button.css.ts';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 45,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(255, 255, 255, 0.7)',
  cursor: 'progress',
});
export const panel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontWeight: vars.font.weight.bold,
});
export const spinner = style([buttonSpinner, { width: '1.5rem', height: '1.5rem', borderWidth: '3px' }]);
