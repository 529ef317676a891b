import { style, styleVariants } from '@vanilla-extract/css';
import { desktop, vars } from '../styles/theme.css.ts';
import { tokens } from '../styles/tokens.ts';

/**
 * The browser's `<dialog>` keeps its own centring (fixed, inset 0, margin auto) and loses its border and size
 * limits. No transform: a toast shown inside an open dialog (src/ui/modal-host.ts) stays fixed to the viewport.
 */
const content = style({
  // A plain edge rather than a wide soft shadow: the backdrop already sets the dialog apart, and rasterising a
  // 30 px blur around a screen-sized dialog took ~15 ms of the month editor's opening at 4× CPU. Unlike a
  // shadow, the border stays drawn in forced colours (Windows high contrast).
  border: `1px solid ${vars.color.border}`,
  color: 'inherit',
  width: 'calc(100vw - 1rem)',
  maxWidth: 'none',
  maxHeight: 'calc(100dvh - 1rem)',
  overflowY: 'auto',
  // Scrolling to the end of a long dialog (the month editor) does not carry on into the inert page behind. No
  // stylesheet-wide scroll lock: restyling the whole page cost ~20 ms of the opening at 4× CPU.
  overscrollBehavior: 'contain',
  padding: vars.space.lg,
  paddingTop: vars.space.xl,
  background: vars.color.background,
  borderRadius: vars.radius.md,
  selectors: {
    // ::backdrop may not inherit the theme's custom properties in every browser: the colour itself.
    '&::backdrop': { background: tokens.color.overlay },
  },
});

export const size = styleVariants({
  normal: [content, { '@media': { [desktop]: { width: '32rem' } } }],
  /** The signature pad and the month editor: as wide as the screen allows. */
  large: [content, { '@media': { [desktop]: { width: 'min(56rem, calc(100vw - 4rem))' } } }],
});

export const title = style({ fontSize: vars.font.size.xl, marginBottom: vars.space.md, paddingRight: vars.space.xl });
export const description = style({ marginTop: 0 });
/**
 * The buttons stay in view at the bottom of a dialog whose content scrolls (the month editor on a phone): sticky
 * to the dialog's padding edge, on the dialog's background, so the rows scroll under it; at the end of the scroll
 * it sits after the last row and covers nothing (docs/decisions/138-availability-today-past-and-shortcuts.md).
 */
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  position: 'sticky',
  bottom: `calc(-1 * ${vars.space.lg})`,
  marginBottom: `calc(-1 * ${vars.space.lg})`,
  padding: `${vars.space.sm} 0 ${vars.space.lg}`,
  background: vars.color.background,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
  zIndex: 1,
});

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
