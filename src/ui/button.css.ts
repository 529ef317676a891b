import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.control,
  minWidth: vars.size.minTarget,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: '2px solid transparent',
  borderRadius: vars.radius.sm,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
    '&[aria-disabled="true"]': { cursor: 'progress' },
  },
});

export const button = styleVariants({
  primary: [
    base,
    { background: vars.color.primary, color: vars.color.onPrimary, selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } } },
  ],
  secondary: [
    base,
    {
      background: vars.color.secondary,
      color: vars.color.onSecondary,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.secondaryHover } },
    },
  ],
  danger: [
    base,
    { background: vars.color.danger, color: vars.color.onDanger, selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerHover } } },
  ],
  /** Looks like a link, behaves like a button (secondary actions in rows and menus). */
  quiet: [
    base,
    { background: 'transparent', color: vars.color.link, textDecoration: 'underline', fontWeight: vars.font.weight.regular, paddingInline: vars.space.xs },
  ],
});

export const fullWidth = style({ width: '100%' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '1em',
  height: '1em',
  flex: 'none',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  borderRadius: vars.radius.round,
  animation: `${spin} 0.8s linear infinite`,
});
