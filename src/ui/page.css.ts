import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const page = style({ maxWidth: vars.size.content, width: '100%' });
export const heading = style({ fontSize: vars.font.size.xl, margin: `0 0 ${vars.space.lg}`, '@media': { 'screen and (min-width: 40em)': { fontSize: vars.font.size.xxl } } });
