import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const notices = style({ marginBottom: vars.space.lg });
/** The link or button of a notice, on its own line under the text. */
export const action = style({
  display: 'flex',
  alignItems: 'center',
  width: 'fit-content',
  minHeight: vars.size.minTarget,
  marginTop: vars.space.xs,
  fontWeight: vars.font.weight.bold,
});
