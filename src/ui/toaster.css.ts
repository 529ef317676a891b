import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** The custom property the Toaster sets to the toasts' height while they show. */
export const TOAST_SPACE = '--toast-space';

// The page ends that much lower, and a focused element is scrolled above the toasts, never under them.
globalStyle('html', { scrollPaddingBottom: `var(${TOAST_SPACE}, 0px)` });
globalStyle('body', { paddingBottom: `var(${TOAST_SPACE}, 0px)` });

export const viewport = style({
  position: 'fixed',
  zIndex: 50,
  bottom: 0,
  right: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: '100%',
  maxWidth: '26rem',
  margin: 0,
  padding: vars.space.sm,
  listStyle: 'none',
  outline: 'none',
});

const toast = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'start',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  borderLeft: '6px solid',
  borderRadius: vars.radius.sm,
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.25)',
});

export const type = styleVariants({
  success: [toast, { background: vars.color.successBackground, color: vars.color.successText, borderColor: vars.color.successAccent }],
  danger: [toast, { background: vars.color.dangerBackground, color: vars.color.dangerText, borderColor: vars.color.dangerAccent }],
  warning: [toast, { background: vars.color.warningBackground, color: vars.color.warningText, borderColor: vars.color.warningAccent }],
  info: [toast, { background: vars.color.infoBackground, color: vars.color.infoText, borderColor: vars.color.infoAccent }],
});

export const text = style({ margin: 0, paddingTop: vars.space.xxs, fontWeight: vars.font.weight.bold });

export const close = style({
  width: vars.size.control,
  height: vars.size.control,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.font.size.lg,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(0, 0, 0, 0.08)' } },
});
