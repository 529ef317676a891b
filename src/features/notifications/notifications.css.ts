import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
export { item, itemLink, list, unreadMark as newMark } from '../../ui/news-list.css.ts';
export { actions, done, heading, muted, panel, problem, text } from '../../ui/panel.css.ts';

export const fieldset = style({ margin: 0, padding: 0, border: 'none', display: 'grid', gap: vars.space.xs });
export const times = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

export const itemBody = style({ margin: `${vars.space.xxs} 0` });
export const itemTime = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });
