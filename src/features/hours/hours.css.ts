import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const hint = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const empty = style({ padding: vars.space.md, background: vars.color.surface, borderRadius: vars.radius.sm });
/** The outcome of a confirmation of several days, for screen readers and the eye; empty, it takes no room. */
export const announce = style({ margin: 0, fontWeight: vars.font.weight.bold, selectors: { '&:empty': { display: 'none' } } });
export const error = style({ margin: `${vars.space.sm} 0`, color: vars.color.dangerText, fontWeight: vars.font.weight.bold });
export const weekTitle = style({ fontSize: vars.font.size.lg, margin: `${vars.space.lg} 0 ${vars.space.sm}` });

/** One column on a phone, two where there is room. */
export const days = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
  gap: vars.space.md,
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
/** A ticked day is marked by a thicker frame too, not only by its tick. */
export const cardTicked = style([card, { borderWidth: '3px', borderColor: vars.color.primary, padding: `calc(${vars.space.md} - 2px)` }]);
export const dayTitle = style({ fontSize: vars.font.size.md, margin: 0, '::first-letter': { textTransform: 'uppercase' } });
export const reference = style({ fontWeight: vars.font.weight.regular, color: vars.color.textMuted, fontSize: vars.font.size.sm });

const statusBase = style({
  margin: 0,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderLeft: '6px solid',
  borderRadius: vars.radius.sm,
  fontWeight: vars.font.weight.bold,
});
/** The status in words, its tone a second cue. */
export const status = styleVariants({
  toConfirm: [statusBase, { background: vars.color.warningBackground, color: vars.color.warningText, borderColor: vars.color.warningAccent }],
  confirmed: [statusBase, { background: vars.color.successBackground, color: vars.color.successText, borderColor: vars.color.successAccent }],
  autoConfirmed: [statusBase, { background: vars.color.successBackground, color: vars.color.successText, borderColor: vars.color.successAccent }],
  contested: [statusBase, { background: vars.color.infoBackground, color: vars.color.infoText, borderColor: vars.color.infoAccent }],
  resolved: [statusBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.border }],
});
export const timeLeft = style({ margin: 0, fontSize: vars.font.size.sm });
export const facts = style({ margin: 0, display: 'grid', gap: vars.space.xxs });
globalStyle(`${facts} dt`, { fontSize: vars.font.size.sm, color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, fontWeight: vars.font.weight.bold });
export const text = style({ whiteSpace: 'pre-line', fontWeight: `${vars.font.weight.regular} !important` });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, marginTop: vars.space.xs });
/** The tick box and its word, one target of at least 44 px (WCAG 2.5.8). */
export const tick = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.control,
  paddingRight: vars.space.xs,
  cursor: 'pointer',
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginTop: vars.space.sm,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
});
export const formTitle = style({ fontSize: vars.font.size.md, margin: 0 });
/** Start and end side by side: two short time fields fit a 390 px phone. */
export const times = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', gap: vars.space.sm });

/** "Confirm the selection" stays on screen while the list scrolls (a phone): sticky to the bottom. */
export const selectionBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  padding: `${vars.space.sm} 0`,
  background: vars.color.background,
  borderTop: `1px solid ${vars.color.border}`,
});
export const selectedCount = style({ margin: 0, fontWeight: vars.font.weight.bold });
export const period = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, margin: `${vars.space.lg} 0` });
