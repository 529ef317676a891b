import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const banner = style({ padding: `${vars.space.sm} ${vars.space.md}`, marginBottom: vars.space.md, borderLeft: '6px solid', borderRadius: vars.radius.sm });

export const type = styleVariants({
  success: [banner, { background: vars.color.successBackground, color: vars.color.successText, borderColor: vars.color.successAccent }],
  warning: [banner, { background: vars.color.warningBackground, color: vars.color.warningText, borderColor: vars.color.warningAccent }],
  info: [banner, { background: vars.color.infoBackground, color: vars.color.infoText, borderColor: vars.color.infoAccent }],
});
export const text = style({ margin: 0, fontWeight: vars.font.weight.bold });
