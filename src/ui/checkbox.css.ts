import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const row = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: vars.space.sm, alignItems: 'start', marginBottom: vars.space.md });
export const rowInvalid = style({ borderLeft: `4px solid ${vars.color.dangerAccent}`, paddingLeft: vars.space.sm });

export const box = style({
  width: '2rem',
  height: '2rem',
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 0,
  border: `2px solid ${vars.color.text}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  cursor: 'pointer',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.dangerAccent },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

/** A tick drawn with borders (no icon font, no SVG file). */
export const tick = style({
  display: 'block',
  width: '0.6rem',
  height: '1.1rem',
  marginTop: '-0.2rem',
  borderRight: `4px solid ${vars.color.text}`,
  borderBottom: `4px solid ${vars.color.text}`,
  transform: 'rotate(45deg)',
});

export const text = style({ gridColumn: 2, paddingTop: '0.2rem' });
export const label = style({ cursor: 'pointer' });
