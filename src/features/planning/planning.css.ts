import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginBottom: vars.space.xs });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm, marginTop: 0 });
export const empty = style({ padding: vars.space.md, background: vars.color.surface, borderRadius: vars.radius.sm });
export const sectionTitle = style({ fontSize: vars.font.size.xl, marginTop: vars.space.lg });
export const days = style({ listStyle: 'none', padding: 0, margin: 0 });
export const day = style({ marginBottom: vars.space.lg });
export const dayTitle = style({ fontSize: vars.font.size.lg, margin: `0 0 ${vars.space.xs}`, '::first-letter': { textTransform: 'uppercase' } });
export const missions = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });
export const mission = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderLeft: `6px solid ${vars.color.primary}`,
  borderRadius: vars.radius.sm,
});
export const missionTitle = style({ fontSize: vars.font.size.md, margin: `0 0 ${vars.space.xs}` });
export const details = style({ margin: 0, display: 'grid', gap: vars.space.xxs });
globalStyle(`${details} dt`, { fontWeight: vars.font.weight.bold, display: 'inline', marginRight: vars.space.xxs });
globalStyle(`${details} dd`, { display: 'inline', margin: 0 });
export const briefing = style({ whiteSpace: 'pre-line' });
/** A cancelled mission: a neutral border, its time struck through, and the word "cancelled" before it. */
export const cancelledMission = style([mission, { borderLeftColor: vars.color.border, background: vars.color.surface }]);
const badge = {
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
  verticalAlign: 'middle',
} as const;
export const cancelledBadge = style({
  ...badge,
  background: vars.color.dangerBackground,
  color: vars.color.dangerText,
  border: `1px solid ${vars.color.dangerAccent}`,
});
export const changedBadge = style({
  ...badge,
  background: vars.color.warningBackground,
  color: vars.color.warningText,
  border: `1px solid ${vars.color.warningAccent}`,
});
export const struck = style({ textDecoration: 'line-through' });
export const changeNote = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.font.size.sm });
export const changeIntro = style({ margin: 0 });
export const changeList = style({ margin: 0, paddingLeft: vars.space.lg });
/** A mission the worker reported they cannot come to (requirements §16): the mark in words, in the warning colours. */
export const absenceBadge = style({
  ...badge,
  background: vars.color.warningBackground,
  color: vars.color.warningText,
  border: `1px solid ${vars.color.warningAccent}`,
});
