import { style } from '@vanilla-extract/css';
import { desktop, focusRing, vars } from '../../styles/theme.css.ts';

/** Phone first: header, (menu when opened), content, footer stacked; on a desktop the sidebar sits left. */
export const layout = style({
  display: 'grid',
  minHeight: '100dvh',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'auto auto 1fr auto',
  gridTemplateAreas: '"header" "sidebar" "main" "footer"',
  '@media': {
    [desktop]: {
      gridTemplateColumns: `${vars.size.sidebar} minmax(0, 1fr)`,
      gridTemplateRows: 'auto 1fr auto',
      gridTemplateAreas: '"header header" "sidebar main" "sidebar footer"',
    },
  },
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space.xs,
  top: '-10rem',
  zIndex: 60,
  padding: vars.space.sm,
  background: vars.color.background,
  color: vars.color.link,
  selectors: { '&:focus': { top: vars.space.xs, ...focusRing } },
});

export const header = style({
  gridArea: 'header',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.primary,
  color: vars.color.onPrimary,
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  color: vars.color.onPrimary,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  textDecoration: 'none',
  selectors: { '&:visited': { color: vars.color.onPrimary }, '&:hover': { textDecoration: 'underline' } },
});

export const menuToggle = style({
  minHeight: vars.size.control,
  minWidth: vars.size.control,
  padding: `0 ${vars.space.sm}`,
  border: `2px solid ${vars.color.onPrimary}`,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.onPrimary,
  fontWeight: vars.font.weight.bold,
  cursor: 'pointer',
  // At 320 px the portal's name wraps first: the body's `overflow-wrap: anywhere` must not split "Menu" instead.
  flex: 'none',
  whiteSpace: 'nowrap',
  '@media': { [desktop]: { display: 'none' } },
});

export const sidebar = style({
  gridArea: 'sidebar',
  display: 'none',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.md,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  selectors: { '&[data-open="true"]': { display: 'flex' } },
  '@media': { [desktop]: { display: 'flex', borderBottom: 'none', borderRight: `1px solid ${vars.color.borderSubtle}` } },
});

export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.link,
  textDecoration: 'none',
  fontWeight: vars.font.weight.bold,
  selectors: {
    '&:visited': { color: vars.color.link },
    '&:hover': { textDecoration: 'underline' },
    // A tapped entry looks current in the tap's frame, before the router has made it so (decision 223).
    '&[aria-current="page"], &[data-tapped="true"]': {
      background: vars.color.background,
      color: vars.color.text,
      boxShadow: `inset 4px 0 0 ${vars.color.primary}`,
    },
  },
});

/** A count a feature supplies beside its entry (src/ui/menu-counts.ts): the header's colours, which pass contrast. */
export const navCount = style({
  marginInlineStart: vars.space.xs,
  minWidth: '1.5em',
  padding: `0 ${vars.space.xs}`,
  borderRadius: '999px',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  textAlign: 'center',
  fontSize: vars.font.size.sm,
});

// The label on its own line, the two languages side by side below it: in the 16rem sidebar a label and two
// buttons in one wrapping row left "Français" alone on a second line.
export const languages = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, margin: 0, padding: 0, border: 'none' });
export const languagesLabel = style({ flexBasis: '100%', fontWeight: vars.font.weight.bold, padding: 0 });
export const languageButton = style({
  flex: '1 1 auto',
  whiteSpace: 'nowrap',
  minHeight: vars.size.control,
  padding: `0 ${vars.space.xs}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
      fontWeight: vars.font.weight.bold,
    },
  },
});

/**
 * At least a screen high: the footer starts below the fold. A screen comes into <main> after the shell has painted
 * (the frame of a prerendered page, a route's data): a footer in view would jump down, a layout shift of the whole
 * page (CLS budget 0.02, docs/decisions/100-prerendered-pages.md).
 */
export const main = style({
  gridArea: 'main',
  // The kept copies' note sits in its padding (src/ui/kept-note.css.ts).
  position: 'relative',
  padding: vars.space.md,
  minWidth: 0,
  minHeight: '100dvh',
  '@media': { [desktop]: { padding: vars.space.xl } },
});

export const footer = style({
  gridArea: 'footer',
  padding: `${vars.space.md}`,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  '@media': { [desktop]: { paddingInline: vars.space.xl } },
});
export const footerText = style({ margin: 0 });

/** The accessibility statement: readable line length, lists with their markers. */
export const statement = style({ maxWidth: '42rem', overflowWrap: 'anywhere' });
export const footerLink = style({ color: 'inherit' });

/** The header's end: the bell, then (on phones) the menu button. */
export const headerEnd = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, flex: 'none' });

/** The bell: a link to the notification list, its unread count on it. */
export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.size.control,
  minWidth: vars.size.control,
  borderRadius: vars.radius.sm,
  color: vars.color.onPrimary,
  selectors: {
    '&:visited': { color: vars.color.onPrimary },
    '&:focus-visible': focusRing,
    '&[aria-current="page"]': { boxShadow: `inset 0 -3px 0 ${vars.color.onPrimary}` },
  },
});

/** The bell's size, held for it before the session is known (BellPlace). */
export const bellPlace = style({ display: 'inline-block', minHeight: vars.size.control, minWidth: vars.size.control });

export const bellIcon = style({ width: '1.5rem', height: '1.5rem' });

export const bellCount = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '1.35em',
  padding: '0 0.3em',
  borderRadius: '999px',
  background: vars.color.background,
  color: vars.color.text,
  border: `1px solid ${vars.color.primary}`,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  lineHeight: 1.35,
  textAlign: 'center',
});
