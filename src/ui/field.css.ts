import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, marginBottom: vars.space.lg, maxWidth: '100%' });

/** GOV.UK: a bar at the left of a field in error, so the problem is visible without colour alone. */
export const fieldInvalid = style({ borderLeft: `4px solid ${vars.color.dangerAccent}`, paddingLeft: vars.space.sm });

export const label = style({ fontWeight: vars.font.weight.bold });
export const optional = style({ fontWeight: vars.font.weight.regular, color: vars.color.textMuted });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const error = style({ color: vars.color.dangerText, fontWeight: vars.font.weight.bold, margin: 0 });

export const control = style({
  minHeight: vars.size.control,
  width: '100%',
  maxWidth: '32rem',
  padding: vars.space.xs,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.dangerAccent },
    '&:disabled': { background: vars.color.surface, cursor: 'not-allowed' },
  },
});

export const dateControl = style({ maxWidth: '12rem' });
export const textarea = style({ minHeight: '6rem', resize: 'vertical' });

export const select = style({
  appearance: 'none',
  paddingRight: vars.space.xl,
  // A chevron drawn with two gradients: no image file, no inline SVG (CSP img-src stays 'self').
  backgroundImage: `linear-gradient(45deg, transparent 50%, ${vars.color.text} 50%), linear-gradient(135deg, ${vars.color.text} 50%, transparent 50%)`,
  backgroundPosition: 'calc(100% - 1.1rem) 55%, calc(100% - 0.75rem) 55%',
  backgroundSize: '0.35rem 0.35rem',
  backgroundRepeat: 'no-repeat',
});
