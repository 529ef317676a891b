import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** A form of one column, phone first (320 px without horizontal scrolling): the auth screens, the policies. */
export const form = style({ maxWidth: '32rem' });
export const intro = style({ marginTop: 0, marginBottom: vars.space.lg });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, marginTop: vars.space.md });

/** Links on their own (not inside a sentence) keep a 24 px target (WCAG 2.5.8). */
export const linkList = style({ paddingLeft: vars.space.lg, marginBottom: vars.space.lg });
globalStyle(`${linkList} a`, { display: 'inline-flex', alignItems: 'center', minHeight: vars.size.minTarget });
