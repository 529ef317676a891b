import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
export { item, itemLink, list, unreadMark as mark } from '../../ui/news-list.css.ts';
export { heading, muted, panel, problem, text } from '../../ui/panel.css.ts';

export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const message = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  overflowWrap: 'anywhere',
  selectors: {
    '&[data-author="worker"]': { marginInlineStart: vars.space.lg, background: vars.color.surface },
    '&[data-author="agency"]': { marginInlineEnd: vars.space.lg, background: vars.color.background },
  },
});
export const messageText = style({ margin: `${vars.space.xxs} 0`, whiteSpace: 'pre-wrap' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', margin: `${vars.space.sm} 0` });
export const files = style({ listStyle: 'none', margin: `${vars.space.xs} 0`, padding: 0, display: 'grid', gap: vars.space.xxs });
export const fileInput = style({ maxWidth: '100%' });
