import { style } from '@vanilla-extract/css';
import { desktop, vars } from '../../styles/theme.css.ts';
export { actions, done, heading as title, muted, panel, problem, text } from '../../ui/panel.css.ts';

export const confirm = style({
  margin: `${vars.space.sm} 0 0`,
  padding: vars.space.sm,
  borderLeft: `6px solid ${vars.color.warningAccent}`,
  background: vars.color.warningBackground,
  color: vars.color.warningText,
});

export const address = style({ display: 'grid', gap: vars.space.md, '@media': { [desktop]: { gridTemplateColumns: '1fr auto', alignItems: 'start' } } });
export const label = style({ display: 'block', fontWeight: vars.font.weight.bold, marginBottom: vars.space.xxs });
export const input = style({
  width: '100%',
  minHeight: vars.size.control,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.size.sm,
});
/** The QR code's place is kept while its library loads, so nothing moves when it appears. */
export const qr = style({ width: '11rem', margin: 0 });
export const qrBox = style({ width: '11rem', height: '11rem', background: vars.color.background, border: `1px solid ${vars.color.borderSubtle}` });
export const qrImage = style({ display: 'block', width: '100%', height: '100%', color: '#000000' });
export const qrCaption = style({ marginTop: vars.space.xxs, color: vars.color.textMuted, fontSize: vars.font.size.sm });
