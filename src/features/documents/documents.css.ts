import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const empty = style({ padding: vars.space.md, background: vars.color.surface, borderRadius: vars.radius.sm });
export const sectionIntro = style({ marginTop: 0 });

export const periodForm = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' });
export const periodFields = style({ display: 'flex', flexWrap: 'wrap', gap: `0 ${vars.space.lg}` });
const status = style({ margin: `${vars.space.sm} 0 0` });
export const emptyStatus = style([status, { minHeight: 0 }]);
export const nothing = style([
  status,
  {
    padding: vars.space.sm,
    borderLeft: `6px solid ${vars.color.warningAccent}`,
    background: vars.color.warningBackground,
    color: vars.color.warningText,
    fontWeight: vars.font.weight.bold,
  },
]);

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.size.sm,
  '@media': { 'screen and (min-width: 40em)': { fontSize: vars.font.size.md } },
});
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.xxs}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  textAlign: 'left',
  verticalAlign: 'middle',
});
globalStyle(`${table} th`, { whiteSpace: 'nowrap' });
export const nowrap = style({ whiteSpace: 'nowrap' });
/** Why a contract has no download: visible text, muted like other secondary facts. */
export const noPrint = style({ color: vars.color.textMuted });

export const yearGroup = style({ marginBottom: vars.space.md });
export const yearTitle = style({ fontSize: vars.font.size.md, margin: `0 0 ${vars.space.xxs}` });
export const fileList = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xxs, listStyle: 'none', padding: 0, margin: 0 });
export const linkList = style({ margin: 0, paddingLeft: vars.space.lg, lineHeight: 2 });
