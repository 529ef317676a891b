import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const block = style({ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: vars.space.md, marginBottom: vars.space.lg });
export const link = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.control });
export const nothing = style({ fontWeight: vars.font.weight.bold });
export const status = style({ selectors: { '&:empty': { display: 'none' } } });
export const sent = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.sm,
  borderLeft: `6px solid ${vars.color.successAccent}`,
  background: vars.color.successBackground,
  color: vars.color.successText,
  fontWeight: vars.font.weight.bold,
});
export const listTitle = style({ fontSize: vars.font.size.lg, margin: 0 });

/** Cards on every width: one column on a phone, two where there is room. */
export const list = style({
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
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
});
/** A checked card is marked by a thicker frame too, not only by its tick. */
export const cardChecked = style([card, { borderWidth: '3px', borderColor: vars.color.primary, padding: `calc(${vars.space.md} - 2px)` }]);
export const cardTitle = style({ fontWeight: vars.font.weight.bold });
export const facts = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.lg}`, margin: 0 });
export const fact = style({ margin: 0 });
globalStyle(`${fact} dt`, { fontSize: vars.font.size.sm, color: vars.color.textMuted });
globalStyle(`${fact} dd`, { margin: 0, fontWeight: vars.font.weight.bold });
export const download = style({ alignSelf: 'flex-start', maxWidth: '100%' });
export const comment = style({ display: 'flex', flexDirection: 'column' });
export const count = style({ margin: `calc(-1 * ${vars.space.md}) 0 0`, fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const countFull = style([count, { color: vars.color.text, fontWeight: vars.font.weight.bold }]);
export const forfait = style({ margin: 0, color: vars.color.textMuted });
/** Sign stays on screen while the list scrolls (a phone): sticky to the bottom, on the page's background. */
export const signBar = style({
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
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const confirmList = style({ margin: 0, paddingLeft: vars.space.lg });
export const confirmComment = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const error = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.dangerText, fontWeight: vars.font.weight.bold });
export const selectedCount = style({ margin: 0, fontSize: vars.font.size.sm, fontWeight: vars.font.weight.bold });
