import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const box = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  margin: `${vars.space.md} 0`,
});
export const title = style({ fontSize: vars.font.size.lg, margin: `0 0 ${vars.space.xs}` });
export const count = style({ margin: `0 0 ${vars.space.xs}`, fontWeight: vars.font.weight.bold, fontSize: vars.font.size.lg });
/** The part of the year's quota used, drawn; the count above says it in words. */
export const bar = style({ display: 'block', width: '100%', height: '0.75rem', accentColor: vars.color.primary });
export const note = style({ margin: `${vars.space.sm} 0 ${vars.space.xs}`, fontSize: vars.font.size.sm, color: vars.color.textMuted });
/** What the hours left mean: information well under the quota, a warning near it, danger at and over it (said in words too). */
const standingBase = style({
  margin: `0 0 ${vars.space.xs}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: '6px solid',
  borderRadius: vars.radius.sm,
});
export const standing = styleVariants({
  info: [standingBase, { background: vars.color.infoBackground, color: vars.color.infoText, borderColor: vars.color.infoAccent }],
  warning: [
    standingBase,
    { background: vars.color.warningBackground, color: vars.color.warningText, borderColor: vars.color.warningAccent, fontWeight: vars.font.weight.bold },
  ],
  danger: [
    standingBase,
    { background: vars.color.dangerBackground, color: vars.color.dangerText, borderColor: vars.color.dangerAccent, fontWeight: vars.font.weight.bold },
  ],
});
