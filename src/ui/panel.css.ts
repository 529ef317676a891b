/**
 * A bordered panel inside a page (the calendar feed's address, this device's notifications, a conversation's thing):
 * its heading, its lines of text, and its row of buttons. One look for every panel, kept here.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const panel = style({
  margin: `${vars.space.md} 0`,
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const heading = style({ fontSize: vars.font.size.lg, margin: `0 0 ${vars.space.xs}` });
export const text = style({ margin: `0 0 ${vars.space.sm}` });
export const muted = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const problem = style({ margin: `0 0 ${vars.space.sm}`, color: vars.color.dangerText, fontWeight: vars.font.weight.bold });
export const done = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.successText });
/**
 * The buttons: a button's height is kept even while there is none yet (a panel still finding out what this browser
 * can do shows its button a moment later), so nothing below the panel moves when it comes.
 */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  minHeight: vars.size.control,
  margin: `${vars.space.sm} 0`,
});
