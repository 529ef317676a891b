import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The mission the report is about, at the top of every step. */
export const mission = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderLeft: `6px solid ${vars.color.primary}`,
  borderRadius: vars.radius.sm,
  marginBottom: vars.space.lg,
});
export const facts = style({ margin: 0, display: 'grid', gap: vars.space.xxs });
globalStyle(`${facts} dt`, { fontWeight: vars.font.weight.bold, display: 'inline', marginRight: vars.space.xxs });
globalStyle(`${facts} dd`, { display: 'inline', margin: 0, overflowWrap: 'anywhere' });
export const step = style({ display: 'grid', gap: vars.space.md });
export const stepTitle = style({ fontSize: vars.font.size.xl, margin: 0 });
export const fieldset = style({ border: 0, padding: 0, margin: 0, display: 'grid', gap: vars.space.xs });
export const legend = style({ fontWeight: vars.font.weight.bold, fontSize: vars.font.size.lg, marginBottom: vars.space.xs, padding: 0 });
export const radio = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.control, cursor: 'pointer' });
export const radioInput = style({ width: '1.75rem', height: '1.75rem', margin: 0, flex: 'none', accentColor: vars.color.primary, cursor: 'pointer' });
export const error = style({ color: vars.color.dangerText, fontWeight: vars.font.weight.bold, margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm, margin: 0 });
export const preview = style({
  maxWidth: '100%',
  maxHeight: '14rem',
  objectFit: 'contain',
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
/** The phone notice: the one thing the worker must not miss. */
export const phone = style({
  padding: vars.space.md,
  background: vars.color.warningBackground,
  color: vars.color.warningText,
  border: `2px solid ${vars.color.warningAccent}`,
  borderRadius: vars.radius.md,
});
export const phoneTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.font.size.lg });
export const phoneLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  color: vars.color.warningText,
});
export const panel = style({ padding: vars.space.md, background: vars.color.surface, borderRadius: vars.radius.sm, display: 'grid', gap: vars.space.sm });
export const alert = style({
  padding: vars.space.md,
  background: vars.color.dangerBackground,
  color: vars.color.dangerText,
  borderLeft: `6px solid ${vars.color.dangerAccent}`,
  borderRadius: vars.radius.sm,
  display: 'grid',
  gap: vars.space.sm,
});
export const success = style({
  padding: vars.space.md,
  background: vars.color.successBackground,
  color: vars.color.successText,
  borderLeft: `6px solid ${vars.color.successAccent}`,
  borderRadius: vars.radius.sm,
});
