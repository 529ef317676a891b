import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const summary = style({ display: 'grid', gap: vars.space.md, marginTop: vars.space.md });
export const card = style({ padding: vars.space.md, border: `1px solid ${vars.color.borderSubtle}`, borderRadius: vars.radius.md });
export const title = style({ fontSize: vars.font.size.lg, margin: `0 0 ${vars.space.sm}` });
export const missions = style({ margin: `0 0 ${vars.space.sm}`, paddingLeft: vars.space.lg });
export const missionWhen = style({ display: 'block' });
/** One line, cut with an ellipsis: its length never changes the card's height. */
export const missionWhere = style({ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const count = style({ fontWeight: vars.font.weight.bold, fontSize: vars.font.size.lg });
export const link = style({ display: 'inline-block', paddingBlock: vars.space.xxs, fontWeight: vars.font.weight.bold });

const toneBase = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  margin: `0 0 ${vars.space.sm}`,
  borderLeft: '6px solid',
  borderRadius: vars.radius.sm,
  fontWeight: vars.font.weight.bold,
});
export const tone = styleVariants({
  success: [toneBase, { background: vars.color.successBackground, color: vars.color.successText, borderColor: vars.color.successAccent }],
  info: [toneBase, { background: vars.color.infoBackground, color: vars.color.infoText, borderColor: vars.color.infoAccent }],
  warning: [toneBase, { background: vars.color.warningBackground, color: vars.color.warningText, borderColor: vars.color.warningAccent }],
});
