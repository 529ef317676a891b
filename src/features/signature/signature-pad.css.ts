import { style } from '@vanilla-extract/css';
import { SIGNATURE_CANVAS_HEIGHT_PX } from '#domain/constants.ts';
import { vars } from '../../styles/theme.css.ts';

export const pad = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const modes = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.lg}`, margin: 0, padding: 0, border: 'none' });
export const legend = style({ fontWeight: vars.font.weight.bold, marginBottom: vars.space.xs, padding: 0 });
export const mode = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minHeight: vars.size.control, cursor: 'pointer' });
export const radio = style({ width: '1.5rem', height: '1.5rem', margin: 0, accentColor: vars.color.primary });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });
/** The frame is on the box, not the canvas: the canvas's CSS box is then exactly its drawing surface. */
export const box = style({ width: '100%', border: `2px solid ${vars.color.border}`, borderRadius: vars.radius.sm, background: vars.color.background });
export const canvas = style({
  display: 'block',
  width: '100%',
  height: `${SIGNATURE_CANVAS_HEIGHT_PX}px`,
  // The browser must not scroll or zoom while a finger draws.
  touchAction: 'none',
  userSelect: 'none',
  cursor: 'crosshair',
  selectors: { '&[data-mode="type"]': { cursor: 'default' } },
});
