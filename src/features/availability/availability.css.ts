import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const wide = 'screen and (min-width: 40em)';

export const intro = style({ marginTop: 0 });

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});
export const navButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const goTo = style({ margin: 0 });
export const goToTitle = style({ fontSize: vars.font.size.md, margin: `0 0 ${vars.space.xs}` });
export const goToFields = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });
globalStyle(`${goToFields} > div`, { marginBottom: 0 });
export const yearInput = style({ width: '6rem' });
export const goToButton = style({ marginBottom: 0 });

export const monthBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.xs,
});
export const monthHeading = style({ fontSize: vars.font.size.lg, margin: 0 });
export const saved = style({ minHeight: '1.5em', margin: `0 0 ${vars.space.xs}`, color: vars.color.successText, fontWeight: vars.font.weight.bold });

export const legend = style({ fontWeight: vars.font.weight.bold, marginBottom: vars.space.sm });
export const legendList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
});
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xxs });

export const status = style({ padding: vars.space.md, background: vars.color.surface, borderRadius: vars.radius.sm });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });

export const grid = style({ width: '100%', tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: '2px', marginBottom: vars.space.xs });
const headerCell = style({
  padding: `${vars.space.xxs} 0`,
  fontSize: '0.75rem',
  textAlign: 'center',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  color: vars.color.textMuted,
  '@media': { [wide]: { fontSize: vars.font.size.sm } },
});
export const weekHeader = style([headerCell, { width: '1.75rem', '@media': { [wide]: { width: '3rem' } } }]);
export const dayHeader = headerCell;
export const weekNumber = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.regular,
  color: vars.color.textMuted,
  textAlign: 'center',
  verticalAlign: 'middle',
});

export const dayCell = style({ padding: 0, verticalAlign: 'top' });
/** The day's number then its three marks, stacked, as wide as the cell: they never wrap, whatever the width. */
export const day = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  // The day's number is the button's own text (its name is the aria-label): one element fewer per day.
  fontWeight: vars.font.weight.bold,
  lineHeight: 1.2,
  fontSize: vars.font.size.sm,
  width: '100%',
  minHeight: '4.25rem',
  padding: '2px',
  textAlign: 'left',
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  background: vars.color.background,
  selectors: { '&:hover': { background: vars.color.surface } },
  '@media': { [wide]: { minHeight: '5.5rem', padding: vars.space.xxs, fontSize: vars.font.size.md } },
});
/** Today: a thick frame in the primary colour (not colour alone: also `aria-current` and its name). */
export const dayToday = style([day, { borderWidth: '3px', borderColor: vars.color.primary, padding: '0', '@media': { [wide]: { padding: '2px' } } }]);
/** Before today: greyed, its number struck through (not colour alone). */
export const dayPast = style([day, { background: vars.color.surface, color: vars.color.textMuted, textDecoration: 'line-through' }]);
export const padding = style({ background: 'transparent' });

const slot = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '0 1px',
  borderRadius: '3px',
  fontSize: '0.6875rem',
  lineHeight: 1.2,
  fontWeight: vars.font.weight.bold,
  borderWidth: '2px',
  '@media': { [wide]: { fontSize: vars.font.size.sm } },
});
/**
 * Available: filled, with a tick. The tick is generated content rather than an element: a fully available month
 * would otherwise add 93 elements, each restyled when a dialog opens over the grid (§11).
 */
export const slotOn = style([
  slot,
  {
    borderStyle: 'solid',
    borderColor: vars.color.successAccent,
    background: vars.color.successAccent,
    color: vars.color.onPrimary,
    selectors: { '&::after': { content: '"✓"', marginLeft: '1px' } },
  },
]);
/** Not available: hollow, dashed, no tick. */
export const slotOff = style([
  slot,
  {
    borderStyle: 'dashed',
    borderColor: vars.color.border,
    background: vars.color.background,
    color: vars.color.textMuted,
    fontWeight: vars.font.weight.regular,
  },
]);

export const fieldset = style({ border: 'none', padding: 0, margin: 0 });
export const saveFailed = style({
  // A line of its own in the dialog's footer (a wrapping flex row), above the buttons.
  flexBasis: '100%',
  padding: vars.space.sm,
  marginTop: 0,
  marginBottom: 0,
  borderLeft: `6px solid ${vars.color.dangerAccent}`,
  background: vars.color.dangerBackground,
  color: vars.color.dangerText,
  fontWeight: vars.font.weight.bold,
});

export const monthTable = style({ width: '100%', borderCollapse: 'collapse' });
globalStyle(`${monthTable} th, ${monthTable} td`, {
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  textAlign: 'center',
});
globalStyle(`${monthTable} th[scope="row"]`, { textAlign: 'left', fontWeight: vars.font.weight.regular, whiteSpace: 'nowrap' });

/** The month editor's shortcuts (docs/decisions/138-availability-today-past-and-shortcuts.md): a wrapping row of buttons above the days. */
export const shortcuts = style({ border: 'none', padding: 0, margin: `0 0 ${vars.space.md}` });
export const shortcutsTitle = style({ fontWeight: vars.font.weight.bold, marginBottom: vars.space.xs, padding: 0 });
export const shortcutRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, marginBottom: vars.space.xs });
export const shortcutsHint = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm, margin: `0 0 ${vars.space.xs}` });
export const pastRow = style({ color: vars.color.textMuted });
