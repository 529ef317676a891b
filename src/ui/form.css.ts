import { globalStyle, style } from '@vanilla-extract/css';
import { HELD_SUBMIT } from '../prerender/held-submits.ts';
import { vars } from '../styles/theme.css.ts';

/** A form of one column, phone first (320 px without horizontal scrolling): the auth screens, the policies. */
export const form = style({ maxWidth: '32rem' });
export const intro = style({ marginTop: 0, marginBottom: vars.space.lg });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, marginTop: vars.space.md });

/** Links on their own (not inside a sentence) keep a 24 px target (WCAG 2.5.8). */
export const linkList = style({ paddingLeft: vars.space.lg, marginBottom: vars.space.lg });
globalStyle(`${linkList} a`, { display: 'inline-flex', alignItems: 'center', minHeight: vars.size.minTarget });

/**
 * A prerendered form's controls show once the page's entry has run (docs/decisions/224-held-submits.md): before, nothing
 * would answer them, and a submit would be the browser's own. The build marks the form's submit button
 * (`data-held-submit`), the entry removes the mark. Hidden, not removed: nothing moves when they show, and the
 * page's words (its largest paint) do not wait for the entry.
 */
globalStyle(`form:has([${HELD_SUBMIT}]) :is(input, button, select, textarea)`, { visibility: 'hidden' });
