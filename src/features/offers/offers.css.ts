import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.md });
export const sectionTitle = style({ fontSize: vars.font.size.xl, marginTop: vars.space.lg });
const cardBase = style({ padding: vars.space.md, border: `1px solid ${vars.color.borderSubtle}`, borderLeft: '6px solid', borderRadius: vars.radius.sm });
/** An open offer stands out; a closed one is quieter, and says why in words (its badge). */
export const card = styleVariants({
  open: [cardBase, { borderLeftColor: vars.color.primary }],
  closed: [cardBase, { borderLeftColor: vars.color.border, background: vars.color.surface }],
});
export const cardTitle = style({ fontSize: vars.font.size.lg, margin: `0 0 ${vars.space.xs}` });
/** The whole title is the link: a large target on a phone. */
export const cardLink = style({ display: 'inline-block', minHeight: vars.size.minTarget });
export const facts = style({ margin: 0, display: 'grid', gap: vars.space.xxs });
globalStyle(`${facts} dt`, { fontWeight: vars.font.weight.bold, display: 'inline', marginRight: vars.space.xxs });
globalStyle(`${facts} dd`, { display: 'inline', margin: 0 });
const badgeBase = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  margin: `0 0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  border: '1px solid',
});
export const badge = styleVariants({
  success: [badgeBase, { background: vars.color.successBackground, color: vars.color.successText, borderColor: vars.color.successAccent }],
  info: [badgeBase, { background: vars.color.infoBackground, color: vars.color.infoText, borderColor: vars.color.infoAccent }],
  warning: [badgeBase, { background: vars.color.warningBackground, color: vars.color.warningText, borderColor: vars.color.warningAccent }],
  danger: [badgeBase, { background: vars.color.dangerBackground, color: vars.color.dangerText, borderColor: vars.color.dangerAccent }],
  neutral: [badgeBase, { background: vars.color.background, color: vars.color.text, borderColor: vars.color.border }],
});
export const shifts = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });
export const shift = style({ padding: vars.space.sm, border: `1px solid ${vars.color.borderSubtle}`, borderRadius: vars.radius.sm });
export const shiftDay = style({ fontWeight: vars.font.weight.bold, margin: 0, '::first-letter': { textTransform: 'uppercase' } });
export const shiftTime = style({ margin: `0 0 ${vars.space.xxs}` });
export const marks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const briefing = style({ whiteSpace: 'pre-line' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.lg });
export const muted = style({ color: vars.color.textMuted });
export const back = style({ display: 'inline-block', minHeight: vars.size.minTarget, marginBottom: vars.space.sm });
const outcomeBase = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  margin: `${vars.space.md} 0`,
  borderLeft: '6px solid',
  borderRadius: vars.radius.sm,
});
export const outcome = styleVariants({
  success: [outcomeBase, { background: vars.color.successBackground, color: vars.color.successText, borderColor: vars.color.successAccent }],
  info: [outcomeBase, { background: vars.color.infoBackground, color: vars.color.infoText, borderColor: vars.color.infoAccent }],
  warning: [outcomeBase, { background: vars.color.warningBackground, color: vars.color.warningText, borderColor: vars.color.warningAccent }],
});
export const dialogShifts = style({ margin: `0 0 ${vars.space.md}`, paddingLeft: vars.space.lg });
export const reason = style({
  width: '100%',
  minHeight: '6rem',
  font: 'inherit',
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
export const label = style({ display: 'block', fontWeight: vars.font.weight.bold, marginBottom: vars.space.xxs });
