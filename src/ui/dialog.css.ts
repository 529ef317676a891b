import { style, styleVariants } from '@vanilla-extract/css';
import { desktop, vars } from '../styles/theme.css.ts';
import { tokens } from '../styles/tokens.ts';

/**
 * The browser's `<dialog>` keeps its own centring (fixed, inset 0, margin auto) and loses its border and size
 * limits. No transform: a toast shown inside an open dialog (src/ui/modal-host.ts) stays fixed to the viewport.
 */
/** Where the modal dialog will be (the browser's `dialog:modal` rules), from the frame it is first shown in. */
const DIALOG_LAYER = 50;

/** The page's cover: under the dialog before it is modal, then under the top layer (::backdrop is transparent). */
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  background: tokens.color.overlay,
  zIndex: DIALOG_LAYER - 1,
  selectors: { '&[data-prepared]': { visibility: 'hidden' } },
});

const content = style({
  position: 'fixed',
  inset: 0,
  margin: 'auto',
  zIndex: DIALOG_LAYER,
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
    // The colour is the backdrop element's (above): the browser's own only blocks the page once the dialog is modal.
    '&::backdrop': { background: 'transparent' },
    // Prepared for its opening (src/ui/dialog.tsx `prepared`): styled and laid out, not seen. `visibility` is
    // inherited by the browser's fast path, so showing it restyles no descendant from scratch.
    '&[data-prepared]': { visibility: 'hidden' },
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
