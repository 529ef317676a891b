import { style, styleVariants } from '@vanilla-extract/css';
import { desktop, vars } from '../styles/theme.css.ts';

export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 40 });

const content = style({
  position: 'fixed',
  zIndex: 41,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'calc(100vw - 1rem)',
  maxHeight: 'calc(100dvh - 1rem)',
  overflowY: 'auto',
  padding: vars.space.lg,
  paddingTop: vars.space.xl,
  background: vars.color.background,
  borderRadius: vars.radius.md,
  boxShadow: '0 10px 30px rgba(0, 0, 0, 0.3)',
});

export const size = styleVariants({
  normal: [content, { '@media': { [desktop]: { width: '32rem' } } }],
  /** The signature pad and the month editor: as wide as the screen allows. */
  large: [content, { '@media': { [desktop]: { width: 'min(56rem, calc(100vw - 4rem))' } } }],
});

export const title = style({ fontSize: vars.font.size.xl, marginBottom: vars.space.md, paddingRight: vars.space.xl });
export const description = style({ marginTop: 0 });
export const footer = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm, marginTop: vars.space.lg });

export const close = style({
  position: 'absolute',
  top: vars.space.xs,
  right: vars.space.xs,
  width: vars.size.control,
  height: vars.size.control,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  fontSize: vars.font.size.xl,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surface } },
});
