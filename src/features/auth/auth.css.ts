import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The auth screens' own parts; the form's column, intro and actions are src/ui/form.css.ts. */

/** A password field with its show/hide button right under the input. */
export const passwordGroup = style({ marginBottom: vars.space.lg });
globalStyle(`${passwordGroup} > div`, { marginBottom: vars.space.xxs });

/** Secondary links under a form (register, forgotten password, back to login), each with a 24 px target (WCAG 2.5.8). */
export const links = style({ listStyle: 'none', padding: 0, margin: `${vars.space.xl} 0 0`, display: 'grid', gap: vars.space.sm });
globalStyle(`${links} a`, { display: 'inline-flex', alignItems: 'center', minHeight: vars.size.minTarget });

export const fieldset = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.lg}`, minWidth: 0 });
export const legend = style({ fontWeight: vars.font.weight.bold, padding: 0, marginBottom: vars.space.xs });
export const radio = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.control, cursor: 'pointer' });
export const radioInput = style({ width: '1.75rem', height: '1.75rem', margin: 0, flex: 'none', accentColor: vars.color.primary, cursor: 'pointer' });

/** What a form says after a request: sent, failed. */
export const status = style({ marginTop: vars.space.md, marginBottom: vars.space.md });
