/**
 * A list of news the worker opens one by one (the notifications, the conversations): each item a bordered card, its
 * link in bold, and an unread one marked by a bar on its edge (`data-unread="true"`) and a "new" mark.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const item = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  selectors: { '&[data-unread="true"]': { borderLeft: `6px solid ${vars.color.primary}` } },
});
export const itemLink = style({
  fontWeight: vars.font.weight.bold,
  color: vars.color.link,
  // A tapped link answers in the tap's frame, before its page comes (src/ui/tap-first.ts).
  selectors: { '&[data-tapped="true"]': { color: vars.color.text, textDecoration: 'underline', textDecorationThickness: '2px' } },
});
export const unreadMark = style({
  marginInlineStart: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: '999px',
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.font.size.sm,
});
